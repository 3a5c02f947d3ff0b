CREATE TABLE "app"."mail_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"kind" text NOT NULL,
	"dedupe_key" text NOT NULL,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app"."payment_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" text NOT NULL,
	"provider_txn_id" text NOT NULL,
	"order_id" uuid,
	"order_code" text,
	"amount" bigint NOT NULL,
	"outcome" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "app"."vouchers" ADD COLUMN "min_order_amount" bigint;--> statement-breakpoint
ALTER TABLE "app"."vouchers" ADD COLUMN "per_user_limit" integer;--> statement-breakpoint
ALTER TABLE "app"."orders" ADD COLUMN "code" text;--> statement-breakpoint
ALTER TABLE "app"."orders" ADD COLUMN "payment_method" text;--> statement-breakpoint
ALTER TABLE "app"."orders" ADD COLUMN "subtotal" bigint;--> statement-breakpoint
ALTER TABLE "app"."orders" ADD COLUMN "vat_percent" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "app"."orders" ADD COLUMN "vat" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "app"."orders" ADD COLUMN "discount_source" text;--> statement-breakpoint
ALTER TABLE "app"."orders" ADD COLUMN "memo" text;--> statement-breakpoint
ALTER TABLE "app"."orders" ADD COLUMN "plan_change" text;--> statement-breakpoint
ALTER TABLE "app"."orders" ADD COLUMN "credits" bigint;--> statement-breakpoint
ALTER TABLE "app"."orders" ADD COLUMN "pay_by" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "app"."orders" ADD COLUMN "renewal_of" uuid;--> statement-breakpoint
ALTER TABLE "app"."orders" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "app"."orders" ADD COLUMN "invoice_company" text;--> statement-breakpoint
ALTER TABLE "app"."orders" ADD COLUMN "invoice_tax_code" text;--> statement-breakpoint
ALTER TABLE "app"."orders" ADD COLUMN "invoice_address" text;--> statement-breakpoint
ALTER TABLE "app"."orders" ADD COLUMN "invoice_email" text;--> statement-breakpoint
ALTER TABLE "app"."orders" ADD COLUMN "invoice_requested_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "mail_outbox_dedupe_key" ON "app"."mail_outbox" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "mail_outbox_user_idx" ON "app"."mail_outbox" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_events_provider_txn_key" ON "app"."payment_events" USING btree ("provider","provider_txn_id");--> statement-breakpoint
CREATE INDEX "payment_events_order_idx" ON "app"."payment_events" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "payment_events_outcome_idx" ON "app"."payment_events" USING btree ("outcome","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_code_key" ON "app"."orders" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_renewal_of_key" ON "app"."orders" USING btree ("renewal_of");--> statement-breakpoint
CREATE INDEX "orders_status_pay_by_idx" ON "app"."orders" USING btree ("status","pay_by");