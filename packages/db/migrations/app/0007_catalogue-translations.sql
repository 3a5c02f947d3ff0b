ALTER TABLE "app"."banners" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "app"."packages" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "app"."vouchers" ADD COLUMN "translations" jsonb DEFAULT '{}'::jsonb NOT NULL;