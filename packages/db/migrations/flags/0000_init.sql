CREATE SCHEMA IF NOT EXISTS "flags";
--> statement-breakpoint
CREATE TABLE "flags"."audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor" text NOT NULL,
	"action" text NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" text NOT NULL,
	"before" jsonb,
	"after" jsonb
);
--> statement-breakpoint
CREATE TABLE "flags"."client_keys" (
	"key" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"environment" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"encryption_key" text,
	"remote_eval_only" boolean DEFAULT false NOT NULL,
	"date_updated" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "flags"."feature_environments" (
	"feature_key" text NOT NULL,
	"environment" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"default_override" jsonb,
	"rules" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feature_environments_feature_key_environment_pk" PRIMARY KEY("feature_key","environment")
);
--> statement-breakpoint
CREATE TABLE "flags"."features" (
	"key" text PRIMARY KEY NOT NULL,
	"value_type" text NOT NULL,
	"default_value" jsonb,
	"description" text DEFAULT '' NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text DEFAULT 'seed' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "flags"."saved_groups" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"attribute_key" text DEFAULT 'id' NOT NULL,
	"values" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "flags"."feature_environments" ADD CONSTRAINT "feature_environments_feature_key_features_key_fk" FOREIGN KEY ("feature_key") REFERENCES "flags"."features"("key") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "flags"."audit_log" USING btree ("entity_type","entity_id");--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "flags"."audit_log" USING btree ("at");