CREATE TABLE "pending_file_deletions" (
	"key" text PRIMARY KEY NOT NULL,
	"reason" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "pending_file_deletions_next_attempt_at_idx" ON "pending_file_deletions" USING btree ("next_attempt_at");