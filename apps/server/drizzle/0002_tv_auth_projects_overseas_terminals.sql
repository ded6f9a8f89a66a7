CREATE TABLE "tv_auth_projects" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(30) NOT NULL,
	"launcher" varchar(20) NOT NULL,
	"match_location" boolean DEFAULT false NOT NULL,
	"address" varchar(100),
	"longitude" numeric(14, 6),
	"latitude" numeric(14, 6),
	"radius" integer DEFAULT 1000 NOT NULL,
	"hotel" integer,
	"enabled" boolean DEFAULT true NOT NULL,
	"auth_key" varchar(64),
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tv_auth_project_models" (
	"id" serial PRIMARY KEY NOT NULL,
	"project" integer NOT NULL,
	"model" varchar(40) NOT NULL,
	"quantity" integer NOT NULL,
	"used" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tv_auth_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"project" integer,
	"mac" varchar(12),
	"model" varchar(40),
	"longitude" numeric(14, 6),
	"latitude" numeric(14, 6),
	"distance" integer,
	"result" varchar(40),
	"reason" varchar(40),
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "terminals" ADD COLUMN "country" varchar(2);--> statement-breakpoint
ALTER TABLE "terminals" ADD COLUMN "overseas" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "tv_auth_projects" ADD CONSTRAINT "tv_auth_projects_hotel_hotels_id_fk" FOREIGN KEY ("hotel") REFERENCES "public"."hotels"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tv_auth_project_models" ADD CONSTRAINT "tv_auth_project_models_project_tv_auth_projects_id_fk" FOREIGN KEY ("project") REFERENCES "public"."tv_auth_projects"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tv_auth_logs" ADD CONSTRAINT "tv_auth_logs_project_tv_auth_projects_id_fk" FOREIGN KEY ("project") REFERENCES "public"."tv_auth_projects"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tv_auth_projects_auth_key_uq" ON "tv_auth_projects" USING btree ("auth_key");--> statement-breakpoint
CREATE INDEX "tv_auth_projects_launcher_idx" ON "tv_auth_projects" USING btree ("launcher");--> statement-breakpoint
CREATE INDEX "tv_auth_projects_match_location_idx" ON "tv_auth_projects" USING btree ("match_location");--> statement-breakpoint
CREATE INDEX "tv_auth_projects_hotel_idx" ON "tv_auth_projects" USING btree ("hotel");--> statement-breakpoint
CREATE INDEX "tv_auth_projects_enabled_idx" ON "tv_auth_projects" USING btree ("enabled");--> statement-breakpoint
CREATE INDEX "tv_auth_project_models_project_idx" ON "tv_auth_project_models" USING btree ("project");--> statement-breakpoint
CREATE INDEX "tv_auth_logs_project_idx" ON "tv_auth_logs" USING btree ("project");--> statement-breakpoint
CREATE INDEX "tv_auth_logs_mac_idx" ON "tv_auth_logs" USING btree ("mac");--> statement-breakpoint
CREATE INDEX "tv_auth_logs_result_idx" ON "tv_auth_logs" USING btree ("result");--> statement-breakpoint
CREATE INDEX "terminals_country_idx" ON "terminals" USING btree ("country");--> statement-breakpoint
CREATE INDEX "terminals_overseas_idx" ON "terminals" USING btree ("overseas");