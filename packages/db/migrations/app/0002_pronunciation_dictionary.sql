CREATE TABLE "app"."pronunciation_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"word" text NOT NULL,
	"word_key" text NOT NULL,
	"reading" text NOT NULL,
	"region" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pronunciation_entries_region_check" CHECK ("app"."pronunciation_entries"."region" is null or "app"."pronunciation_entries"."region" in ('NORTH', 'CENTRAL', 'SOUTH'))
);
--> statement-breakpoint
ALTER TABLE "app"."synthesis_requests" ADD COLUMN "dictionary" jsonb;--> statement-breakpoint
CREATE UNIQUE INDEX "pronunciation_entries_user_word_region_key" ON "app"."pronunciation_entries" USING btree ("user_id","word_key",coalesce("region", ''));--> statement-breakpoint
CREATE INDEX "pronunciation_entries_user_idx" ON "app"."pronunciation_entries" USING btree ("user_id","created_at");