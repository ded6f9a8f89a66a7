CREATE TABLE "control_link_materials" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" integer NOT NULL,
	"hotel_id" integer NOT NULL,
	"title" varchar(50) NOT NULL,
	"scene" varchar(40) NOT NULL,
	"media" varchar(36) NOT NULL,
	"seconds" integer DEFAULT 10 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "control_link_materials_tenant_idx" ON "control_link_materials" USING btree ("brand_id","hotel_id");--> statement-breakpoint
CREATE INDEX "control_link_materials_scene_idx" ON "control_link_materials" USING btree ("scene");--> statement-breakpoint
CREATE INDEX "control_link_materials_enabled_idx" ON "control_link_materials" USING btree ("enabled");