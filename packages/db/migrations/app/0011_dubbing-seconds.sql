ALTER TABLE "app"."dubbing_renders" ADD COLUMN "seconds" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Dubbing is charged in seconds of dubbed timeline (issue 28). Balances already meant seconds (the packages were
-- sold as minutes: 600 = 10 phút) and keep their value; earlier renders get the seconds their lines span.
UPDATE "app"."dubbing_renders" r SET "seconds" = coalesce((
  SELECT greatest(1, ceil((max((l->>'endMs')::numeric) - min((l->>'startMs')::numeric)) / 1000))::integer
  FROM jsonb_array_elements(r."input"->'lines') l
  WHERE r."input"->>'lineId' IS NULL OR l->>'id' = r."input"->>'lineId'
  HAVING count(*) > 0
), 0);
