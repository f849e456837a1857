CREATE TABLE "app_entities" (
	"app_id" text NOT NULL,
	"name" text NOT NULL,
	"schema" json NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "app_entities_app_id_name_pk" PRIMARY KEY("app_id","name")
);
--> statement-breakpoint
CREATE TABLE "app_records" (
	"id" text PRIMARY KEY NOT NULL,
	"app_id" text NOT NULL,
	"entity" text NOT NULL,
	"data" jsonb NOT NULL,
	"creator_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "app_versions" ALTER COLUMN "entities" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "app_versions" ALTER COLUMN "entities" SET DATA TYPE json USING "entities"::json;--> statement-breakpoint
ALTER TABLE "app_versions" ALTER COLUMN "entities" SET DEFAULT '[]'::json;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "app_role" text DEFAULT 'user' NOT NULL;--> statement-breakpoint
ALTER TABLE "app_entities" ADD CONSTRAINT "app_entities_app_id_apps_app_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("app_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "app_records" ADD CONSTRAINT "app_records_app_id_entity_app_entities_app_id_name_fk" FOREIGN KEY ("app_id","entity") REFERENCES "public"."app_entities"("app_id","name") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
CREATE INDEX "app_records_list_idx" ON "app_records" USING btree ("app_id","entity","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "app_records_creator_idx" ON "app_records" USING btree ("app_id","entity","creator_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);