CREATE TABLE "app"."synthesis_callback_attempts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"request_id" uuid NOT NULL,
	"attempt" integer NOT NULL,
	"url" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status_code" integer,
	"ok" boolean NOT NULL,
	"error" text,
	"response_body" text,
	"duration_ms" integer NOT NULL,
	"attempted_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app"."synthesis_paid_sentences" (
	"user_id" text NOT NULL,
	"cache_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "synthesis_paid_sentences_user_id_cache_key_pk" PRIMARY KEY("user_id","cache_key")
);
--> statement-breakpoint
CREATE TABLE "app"."synthesis_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"source" text NOT NULL,
	"api_app_id" uuid,
	"title" text NOT NULL,
	"text" text NOT NULL,
	"paragraphs" jsonb NOT NULL,
	"pauses" jsonb,
	"voice_code" text NOT NULL,
	"audio_type" text NOT NULL,
	"bitrate" integer NOT NULL,
	"sample_rate" integer NOT NULL,
	"speed_rate" real NOT NULL,
	"characters" integer NOT NULL,
	"charged_characters" integer,
	"reservation_id" uuid,
	"status" text DEFAULT 'IN_PROGRESS' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"duration_ms" integer,
	"audio_key" text,
	"timeline_key" text,
	"cache_hits" integer,
	"speech_units" integer,
	"error_code" text,
	"error_message" text,
	"callback_url" text,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "synthesis_requests_progress_range" CHECK ("app"."synthesis_requests"."progress" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "app"."api_apps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"token_hash" text NOT NULL,
	"token_prefix" text NOT NULL,
	"callback_url" text,
	"callback_secret" text NOT NULL,
	"max_concurrent" integer NOT NULL,
	"requests_per_minute" integer NOT NULL,
	"requests_count" bigint DEFAULT 0 NOT NULL,
	"characters_count" bigint DEFAULT 0 NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "synthesis_callback_attempts_request_idx" ON "app"."synthesis_callback_attempts" USING btree ("request_id","attempted_at");--> statement-breakpoint
CREATE INDEX "synthesis_requests_user_idx" ON "app"."synthesis_requests" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "synthesis_requests_app_idx" ON "app"."synthesis_requests" USING btree ("api_app_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "api_apps_token_hash" ON "app"."api_apps" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "api_apps_user_idx" ON "app"."api_apps" USING btree ("user_id");