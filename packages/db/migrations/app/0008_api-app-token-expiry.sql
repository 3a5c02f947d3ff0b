ALTER TABLE "app"."api_apps" ADD COLUMN "token_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "app"."api_apps" ADD COLUMN "previous_token_hash" text;--> statement-breakpoint
ALTER TABLE "app"."api_apps" ADD COLUMN "previous_token_expires_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "api_apps_previous_token_hash" ON "app"."api_apps" USING btree ("previous_token_hash");