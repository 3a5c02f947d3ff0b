CREATE TABLE "app"."credit_wallets" (
	"user_id" text NOT NULL,
	"product" text NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone,
	"package_code" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_wallets_user_id_product_pk" PRIMARY KEY("user_id","product"),
	CONSTRAINT "credit_wallets_balance_non_negative" CHECK ("app"."credit_wallets"."balance" >= 0)
);
--> statement-breakpoint
ALTER TABLE "app"."users" DROP CONSTRAINT "users_credits_non_negative";--> statement-breakpoint
ALTER TABLE "app"."credit_entries" ADD COLUMN "product" text DEFAULT 'aivoice' NOT NULL;--> statement-breakpoint
ALTER TABLE "app"."credit_entries" ADD COLUMN "actor" text;--> statement-breakpoint
ALTER TABLE "app"."credit_reservations" ADD COLUMN "product" text DEFAULT 'aivoice' NOT NULL;--> statement-breakpoint
CREATE INDEX "credit_wallets_expiry_idx" ON "app"."credit_wallets" USING btree ("expires_at");--> statement-breakpoint
-- The single studio balance becomes the user's aivoice wallet (the package's expiry comes with it).
INSERT INTO "app"."credit_wallets" ("user_id", "product", "balance", "expires_at", "package_code")
SELECT "id", 'aivoice', "credits_balance", NULL, "package_code" FROM "app"."users";--> statement-breakpoint
ALTER TABLE "app"."users" DROP COLUMN "credits_balance";