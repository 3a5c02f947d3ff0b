ALTER TABLE "app"."voices" ALTER COLUMN "level" SET DEFAULT 'BASIC';--> statement-breakpoint
ALTER TABLE "app"."voices" ADD COLUMN "credit_factor" double precision DEFAULT 1 NOT NULL;--> statement-breakpoint
-- Honest tiers (issue 26 §3): every voice spoken by eSpeak is the basic tier — none is premium — and installed
-- Piper voices are neural. Other rows (an operator's provider voices) keep what the operator set.
UPDATE "app"."voices" SET "level" = 'BASIC' WHERE "engine_voice" IN ('vi-north-female-mai', 'vi-north-male-minh',
  'vi-north-female-lan', 'vi-north-male-khoi', 'vi-central-female-huong', 'vi-central-male-phuong',
  'vi-south-female-vy', 'vi-south-male-kien', 'vi-south-female-thao');--> statement-breakpoint
UPDATE "app"."voices" SET "level" = 'NEURAL' WHERE "provider" = 'piper' AND "level" IN ('STANDARD', 'PREMIUM');
