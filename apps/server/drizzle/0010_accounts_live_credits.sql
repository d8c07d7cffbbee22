CREATE TABLE "oauth_identities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" text NOT NULL,
	"subject" text NOT NULL,
	"user_id" uuid NOT NULL,
	"email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "credit_reservations" ADD COLUMN "activity" jsonb;--> statement-breakpoint
ALTER TABLE "tts_generations" ADD COLUMN "api_key_id" uuid;--> statement-breakpoint
ALTER TABLE "oauth_identities" ADD CONSTRAINT "oauth_identities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "oauth_identities_provider_subject_idx" ON "oauth_identities" USING btree ("provider","subject");--> statement-breakpoint
CREATE UNIQUE INDEX "oauth_identities_user_provider_idx" ON "oauth_identities" USING btree ("user_id","provider");--> statement-breakpoint
-- Live balance: every ledger row announces its user on the credit_changes channel. NOTIFY is delivered on commit (never
-- for a rolled-back change) to every listening server node, whichever process wrote the row.
CREATE OR REPLACE FUNCTION "notify_credit_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('credit_changes', NEW.user_id::text);
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "credit_transactions_notify" AFTER INSERT ON "credit_transactions" FOR EACH ROW EXECUTE FUNCTION "notify_credit_change"();
