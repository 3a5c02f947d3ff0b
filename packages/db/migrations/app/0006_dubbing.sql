CREATE TABLE "app"."dubbing_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"start_ms" integer NOT NULL,
	"end_ms" integer NOT NULL,
	"speaker" text,
	"text" text NOT NULL,
	"source_line" integer,
	"fit" jsonb,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dubbing_lines_times" CHECK ("app"."dubbing_lines"."end_ms" > "app"."dubbing_lines"."start_ms" and "app"."dubbing_lines"."start_ms" >= 0)
);
--> statement-breakpoint
CREATE TABLE "app"."dubbing_projects" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"subtitle_format" text NOT NULL,
	"subtitle_key" text,
	"media_key" text,
	"media_kind" text,
	"media_duration_ms" integer,
	"voice_code" text NOT NULL,
	"duck_db" integer DEFAULT -15 NOT NULL,
	"mute_original" boolean DEFAULT false NOT NULL,
	"notices" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app"."dubbing_renders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"source" text DEFAULT 'STUDIO' NOT NULL,
	"api_app_id" uuid,
	"callback_url" text,
	"input" jsonb NOT NULL,
	"characters" integer NOT NULL,
	"reservation_id" uuid,
	"status" text DEFAULT 'IN_PROGRESS' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"duration_ms" integer,
	"files" jsonb,
	"summary" jsonb,
	"error_code" text,
	"error_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "dubbing_renders_progress_range" CHECK ("app"."dubbing_renders"."progress" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "app"."dubbing_speakers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"name" text NOT NULL,
	"voice_code" text NOT NULL,
	"speed" real DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "app"."dubbing_lines" ADD CONSTRAINT "dubbing_lines_project_id_dubbing_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "app"."dubbing_projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app"."dubbing_renders" ADD CONSTRAINT "dubbing_renders_project_id_dubbing_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "app"."dubbing_projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app"."dubbing_speakers" ADD CONSTRAINT "dubbing_speakers_project_id_dubbing_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "app"."dubbing_projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dubbing_lines_project_idx" ON "app"."dubbing_lines" USING btree ("project_id","position");--> statement-breakpoint
CREATE INDEX "dubbing_projects_user_idx" ON "app"."dubbing_projects" USING btree ("user_id","updated_at");--> statement-breakpoint
CREATE INDEX "dubbing_renders_project_idx" ON "app"."dubbing_renders" USING btree ("project_id","created_at");--> statement-breakpoint
CREATE INDEX "dubbing_speakers_project_idx" ON "app"."dubbing_speakers" USING btree ("project_id","name");