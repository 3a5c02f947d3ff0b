CREATE TABLE "app"."studio_projects" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"title" text NOT NULL,
	"paragraphs" jsonb NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "app"."voices" ADD COLUMN "attribution" text;--> statement-breakpoint
ALTER TABLE "app"."voices" ADD COLUMN "licence" text;--> statement-breakpoint
ALTER TABLE "app"."contacts" ADD COLUMN "status" text DEFAULT 'NEW' NOT NULL;--> statement-breakpoint
ALTER TABLE "app"."contacts" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "app"."synthesis_requests" ADD COLUMN "retain_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "app"."synthesis_requests" ADD COLUMN "audio_deleted_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "studio_projects_user_idx" ON "app"."studio_projects" USING btree ("user_id","updated_at");--> statement-breakpoint
CREATE INDEX "synthesis_requests_retain_idx" ON "app"."synthesis_requests" USING btree ("retain_until");