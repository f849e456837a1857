CREATE TABLE "app_collaborators" (
	"app_id" text NOT NULL,
	"account_id" text NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "app_collaborators_app_id_account_id_pk" PRIMARY KEY("app_id","account_id")
);
--> statement-breakpoint
CREATE TABLE "claim_invitations" (
	"id" text PRIMARY KEY NOT NULL,
	"app_id" text NOT NULL,
	"code_hash" text NOT NULL,
	"code_encrypted" text NOT NULL,
	"created_by_account_id" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"used_by_account_id" text,
	"used_at" timestamp with time zone,
	"dead_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_connections" (
	"app_id" text PRIMARY KEY NOT NULL,
	"provider" text DEFAULT 'gumroad' NOT NULL,
	"access_token_encrypted" text,
	"product_id" text,
	"product_name" text,
	"product_url" text,
	"product" jsonb,
	"resource_subscriptions" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"connected_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_pings" (
	"id" text PRIMARY KEY NOT NULL,
	"scope" text NOT NULL,
	"resource_name" text NOT NULL,
	"sale_id" text,
	"subscription_id" text,
	"dedupe_key" text NOT NULL,
	"body" jsonb NOT NULL,
	"status" text DEFAULT 'received' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payment_sales" (
	"scope" text NOT NULL,
	"sale_id" text NOT NULL,
	"product_id" text NOT NULL,
	"email" text NOT NULL,
	"user_id" text,
	"subscription_id" text,
	"state" text NOT NULL,
	"paid_until" timestamp with time zone,
	"raw" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_sales_scope_sale_id_pk" PRIMARY KEY("scope","sale_id")
);
--> statement-breakpoint
ALTER TABLE "apps" ADD COLUMN "custom_domain" text;--> statement-breakpoint
ALTER TABLE "app_collaborators" ADD CONSTRAINT "app_collaborators_app_id_apps_app_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("app_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_collaborators" ADD CONSTRAINT "app_collaborators_account_id_accounts_account_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "claim_invitations" ADD CONSTRAINT "claim_invitations_app_id_apps_app_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("app_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_connections" ADD CONSTRAINT "payment_connections_app_id_apps_app_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("app_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "app_collaborators_account_idx" ON "app_collaborators" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "claim_invitations_app_idx" ON "claim_invitations" USING btree ("app_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_pings_dedupe_uq" ON "payment_pings" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "payment_pings_status_idx" ON "payment_pings" USING btree ("status","received_at");--> statement-breakpoint
CREATE INDEX "payment_sales_email_idx" ON "payment_sales" USING btree ("scope","email");--> statement-breakpoint
CREATE INDEX "payment_sales_subscription_idx" ON "payment_sales" USING btree ("scope","subscription_id");--> statement-breakpoint
CREATE UNIQUE INDEX "apps_custom_domain_uq" ON "apps" USING btree ("custom_domain");