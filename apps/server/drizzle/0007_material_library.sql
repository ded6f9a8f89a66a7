CREATE TABLE "material" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" integer,
	"hotel_id" integer,
	"name" varchar(100) NOT NULL,
	"file_id" varchar(36) NOT NULL,
	"kind" varchar(40),
	"folder" varchar(50),
	"tags" varchar(200),
	"size" integer,
	"width" integer,
	"height" integer,
	"duration_ms" integer,
	"thumbnail_id" varchar(36),
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "material_usages" (
	"material_id" integer NOT NULL,
	"user_kind" varchar(30) NOT NULL,
	"user_id" integer NOT NULL,
	"user_name" varchar(200) NOT NULL,
	CONSTRAINT "material_usages_material_id_user_kind_user_id_pk" PRIMARY KEY("material_id","user_kind","user_id")
);
--> statement-breakpoint
ALTER TABLE "material_usages" ADD CONSTRAINT "material_usages_material_id_material_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."material"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "material_tenant_idx" ON "material" USING btree ("brand_id","hotel_id");--> statement-breakpoint
CREATE INDEX "material_file_id_idx" ON "material" USING btree ("file_id");--> statement-breakpoint
CREATE INDEX "material_kind_idx" ON "material" USING btree ("kind");--> statement-breakpoint
CREATE INDEX "material_usages_user_idx" ON "material_usages" USING btree ("user_kind","user_id");