ALTER TABLE "credit_reservations" ADD COLUMN "job_id" uuid;--> statement-breakpoint
ALTER TABLE "credit_reservations" ADD COLUMN "expires_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "credit_reservations_held_expiry_idx" ON "credit_reservations" USING btree ("expires_at") WHERE "credit_reservations"."status" = 'held';--> statement-breakpoint
-- Holds made before this migration: tie those of jobs and music tracks to them, so the sweep keeps them while the work runs.
UPDATE "credit_reservations" AS "r" SET "job_id" = "j"."id" FROM "jobs" AS "j" WHERE "r"."status" = 'held' AND "r"."reference" IN ('tts:' || "j"."id"::text, 'isolator:' || "j"."id"::text, 'clone:' || "j"."id"::text);--> statement-breakpoint
UPDATE "credit_reservations" AS "r" SET "job_id" = "t"."id" FROM "music_tracks" AS "t" WHERE "r"."status" = 'held' AND "t"."reservation_id" = "r"."id";
