CREATE TABLE "featured_music" (
	"track_id" uuid PRIMARY KEY NOT NULL,
	"category" text NOT NULL,
	"subcategory" text NOT NULL,
	"display_order" integer NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"artwork_key" text,
	"curated_key" text,
	"views" integer DEFAULT 0 NOT NULL,
	"plays" integer DEFAULT 0 NOT NULL,
	"downloads" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "music_tracks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"title" text NOT NULL,
	"prompt" text NOT NULL,
	"lyrics" text,
	"model_id" text NOT NULL,
	"status" text DEFAULT 'generating' NOT NULL,
	"progress_permille" integer DEFAULT 0 NOT NULL,
	"duration_seconds" integer NOT NULL,
	"credits" integer DEFAULT 0 NOT NULL,
	"reservation_id" uuid,
	"audio_key" text,
	"artwork_key" text,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"plan" jsonb,
	"lyrics_timeline" jsonb,
	"seed" integer,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "music_tracks_progress_range" CHECK ("music_tracks"."progress_permille" >= 0 AND "music_tracks"."progress_permille" <= 1000)
);
--> statement-breakpoint
CREATE TABLE "custom_voices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"engine" jsonb NOT NULL,
	"language" text NOT NULL,
	"gender" text NOT NULL,
	"age" text NOT NULL,
	"description" text NOT NULL,
	"match" jsonb,
	"preview_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "voice_design_previews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"description" text NOT NULL,
	"engine" jsonb NOT NULL,
	"params" jsonb NOT NULL,
	"file_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "featured_music" ADD CONSTRAINT "featured_music_track_id_music_tracks_id_fk" FOREIGN KEY ("track_id") REFERENCES "public"."music_tracks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_voices" ADD CONSTRAINT "custom_voices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voice_design_previews" ADD CONSTRAINT "voice_design_previews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "featured_music_category_order_idx" ON "featured_music" USING btree ("category","subcategory","display_order");--> statement-breakpoint
CREATE UNIQUE INDEX "featured_music_curated_key_idx" ON "featured_music" USING btree ("curated_key");--> statement-breakpoint
CREATE INDEX "music_tracks_user_created_idx" ON "music_tracks" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "custom_voices_user_created_idx" ON "custom_voices" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "voice_design_previews_user_created_idx" ON "voice_design_previews" USING btree ("user_id","created_at");