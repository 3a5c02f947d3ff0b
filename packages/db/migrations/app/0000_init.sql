CREATE SCHEMA IF NOT EXISTS "app";
--> statement-breakpoint
CREATE TABLE "app"."banners" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"type" text NOT NULL,
	"image_url" text NOT NULL,
	"action_url" text,
	"position" text DEFAULT 'MIDDLE_CENTER' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"rank" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app"."news" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"blog" text DEFAULT 'tin-tuc' NOT NULL,
	"title" text NOT NULL,
	"summary" text DEFAULT '' NOT NULL,
	"content" text NOT NULL,
	"thumbnail_url" text,
	"author" text DEFAULT 'Loa' NOT NULL,
	"locale" text DEFAULT 'vi' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app"."packages" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"family" text NOT NULL,
	"type" text NOT NULL,
	"cycle" text,
	"kind" text NOT NULL,
	"price" bigint NOT NULL,
	"original_price" bigint,
	"credits" bigint NOT NULL,
	"devices" integer NOT NULL,
	"voice_clonings" integer DEFAULT 0 NOT NULL,
	"duration_days" integer NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"highlights" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"purchasable" boolean DEFAULT true NOT NULL,
	"is_landing_page" boolean DEFAULT false NOT NULL,
	"rank" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app"."sample_scripts" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"purpose" text NOT NULL,
	"language_code" text DEFAULT 'vi-VN' NOT NULL,
	"title" text NOT NULL,
	"text" text NOT NULL,
	"rank" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app"."voices" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"gender" text NOT NULL,
	"region" text NOT NULL,
	"language_code" text DEFAULT 'vi-VN' NOT NULL,
	"features" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"level" text DEFAULT 'STANDARD' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"engine_voice" text NOT NULL,
	"provider" text DEFAULT 'loa' NOT NULL,
	"sample_audio_url" text,
	"avatar_url" text,
	"has_dubbing" boolean DEFAULT false NOT NULL,
	"is_sample" boolean DEFAULT false NOT NULL,
	"global" boolean DEFAULT true NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"rank" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app"."vouchers" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"discount_percent" integer,
	"discount_amount" bigint,
	"max_discount" bigint,
	"package_codes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"audience" text DEFAULT 'ALL' NOT NULL,
	"is_public" boolean DEFAULT true NOT NULL,
	"show_banner" boolean DEFAULT false NOT NULL,
	"banner_image_url" text,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"usage_limit" integer,
	"used_count" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app"."affiliate_marketers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "app"."affiliate_marketers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"code" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"owner_user_id" text,
	"number_of_clicks" integer DEFAULT 0 NOT NULL,
	"number_of_signups" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app"."devices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"device_id" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"session_id" text,
	"ip" text,
	"active" boolean DEFAULT true NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"logged_out_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app"."users" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text,
	"name" text,
	"avatar" text,
	"affiliate_code" text NOT NULL,
	"referred_by" text,
	"affiliate_time" timestamp with time zone,
	"ads_provider" text,
	"ads_provider_time" timestamp with time zone,
	"credits_balance" bigint DEFAULT 0 NOT NULL,
	"package_code" text,
	"package_expires_at" timestamp with time zone,
	"last_seen_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_credits_non_negative" CHECK ("app"."users"."credits_balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "app"."credit_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigserial NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"amount" bigint NOT NULL,
	"delta" bigint NOT NULL,
	"balance_after" bigint NOT NULL,
	"reason" text NOT NULL,
	"reference" text,
	"reservation_id" uuid,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app"."credit_reservations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"amount" bigint NOT NULL,
	"charged" bigint DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'HELD' NOT NULL,
	"reason" text NOT NULL,
	"reference" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "credit_reservations_amount_positive" CHECK ("app"."credit_reservations"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "app"."contacts" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone_number" text NOT NULL,
	"purpose" text NOT NULL,
	"content" text NOT NULL,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app"."delete_account_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"contact" text NOT NULL,
	"user_id" text,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app"."demo_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"fingerprint" text NOT NULL,
	"voice_code" text NOT NULL,
	"duration" integer DEFAULT 0 NOT NULL,
	"click" integer DEFAULT 0 NOT NULL,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app"."shortlinks" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"target_url" text NOT NULL,
	"number_of_clicks" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app"."orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"package_code" text NOT NULL,
	"type" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"price" bigint NOT NULL,
	"discount" bigint DEFAULT 0 NOT NULL,
	"total" bigint NOT NULL,
	"voucher_code" text,
	"paid_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app"."user_vouchers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"voucher_code" text NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app"."support_tickets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text,
	"email" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"category" text NOT NULL,
	"subject" text NOT NULL,
	"content" text NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app"."upload_slots" (
	"key" text PRIMARY KEY NOT NULL,
	"user_id" text,
	"content_type" text NOT NULL,
	"max_bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "banners_code_key" ON "app"."banners" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "news_slug_key" ON "app"."news" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "news_published_idx" ON "app"."news" USING btree ("published_at");--> statement-breakpoint
CREATE UNIQUE INDEX "packages_code_key" ON "app"."packages" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "sample_scripts_code_key" ON "app"."sample_scripts" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "voices_code_key" ON "app"."voices" USING btree ("code");--> statement-breakpoint
CREATE INDEX "voices_rank_idx" ON "app"."voices" USING btree ("rank");--> statement-breakpoint
CREATE UNIQUE INDEX "vouchers_code_key" ON "app"."vouchers" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "affiliate_marketers_code_key" ON "app"."affiliate_marketers" USING btree ("code");--> statement-breakpoint
CREATE INDEX "affiliate_owner_idx" ON "app"."affiliate_marketers" USING btree ("owner_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "devices_user_device_key" ON "app"."devices" USING btree ("user_id","device_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_affiliate_code_key" ON "app"."users" USING btree ("affiliate_code");--> statement-breakpoint
CREATE INDEX "credit_entries_user_idx" ON "app"."credit_entries" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_entries_idempotency_key" ON "app"."credit_entries" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "credit_reservations_user_idx" ON "app"."credit_reservations" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shortlinks_code_key" ON "app"."shortlinks" USING btree ("code");--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "app"."orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "user_vouchers_user_idx" ON "app"."user_vouchers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "support_tickets_user_idx" ON "app"."support_tickets" USING btree ("user_id","created_at");