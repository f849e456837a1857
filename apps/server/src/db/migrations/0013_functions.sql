CREATE TABLE "app_function_calls" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"app_id" text NOT NULL,
	"name" text NOT NULL,
	"source" text NOT NULL,
	"caller_kind" text NOT NULL,
	"ok" boolean NOT NULL,
	"error_code" text,
	"error" text,
	"duration_ms" integer NOT NULL,
	"cpu_ms" integer NOT NULL,
	"logs" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app_secrets" (
	"app_id" text NOT NULL,
	"key" text NOT NULL,
	"value_encrypted" text,
	"description" text DEFAULT '' NOT NULL,
	"instructions" text DEFAULT '' NOT NULL,
	"required" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "app_secrets_app_id_key_pk" PRIMARY KEY("app_id","key")
);
--> statement-breakpoint
ALTER TABLE "app_function_calls" ADD CONSTRAINT "app_function_calls_app_id_apps_app_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("app_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_secrets" ADD CONSTRAINT "app_secrets_app_id_apps_app_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("app_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "app_function_calls_app_created" ON "app_function_calls" USING btree ("app_id","created_at");