CREATE TABLE "app"."voice_providers" (
	"id" text PRIMARY KEY NOT NULL,
	"entry" jsonb NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
