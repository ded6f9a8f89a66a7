CREATE TABLE "boot_policy" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" integer,
	"hotel_id" integer,
	"name" varchar(50) NOT NULL,
	"icon" varchar(36),
	"active" boolean DEFAULT false NOT NULL,
	"macs" varchar(13000),
	"logo" varchar(36),
	"logo_bitmap" varchar(36),
	"logo_t972" varchar(36),
	"video" varchar(36),
	"video_ini" varchar(36),
	"animation" varchar(36),
	"front_animation" varchar(36),
	"back_animation" varchar(36),
	"wifi_name" varchar(32),
	"cast_name" varchar(32),
	"vertical_video" varchar(36),
	"welcome_video" varchar(36),
	"apply_mode" varchar(40) DEFAULT 'nextBoot' NOT NULL,
	"window_start" varchar(5),
	"window_end" varchar(5),
	"jitter_minutes" integer DEFAULT 30 NOT NULL,
	"operator" varchar(100),
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "boot_logo_lib" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" varchar(32) NOT NULL,
	"logo" varchar(36) NOT NULL,
	"logo_bitmap" varchar(36),
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "content_hide_rule" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(50) NOT NULL,
	"module" varchar(40) NOT NULL,
	"brand_id" integer,
	"hotel_id" integer,
	"models" varchar(2000),
	"versions" varchar(2000),
	"enabled" boolean DEFAULT true NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hotel_tv_menu" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" integer NOT NULL,
	"hotel_id" integer NOT NULL,
	"network" boolean DEFAULT false NOT NULL,
	"display" boolean DEFAULT true NOT NULL,
	"sound" boolean DEFAULT true NOT NULL,
	"language" boolean DEFAULT true NOT NULL,
	"datetime" boolean DEFAULT false NOT NULL,
	"apps" boolean DEFAULT false NOT NULL,
	"reset" boolean DEFAULT false NOT NULL,
	"password" varchar(8) NOT NULL,
	"entries" varchar(2000),
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "download_tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"terminal_id" integer NOT NULL,
	"brand_id" integer,
	"hotel_id" integer,
	"kind" varchar(20) NOT NULL,
	"subject_id" integer,
	"name" varchar(40) NOT NULL,
	"url" varchar(300) NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"size" bigint NOT NULL,
	"state" varchar(20) NOT NULL,
	"reason" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "content_hide_rule" ADD CONSTRAINT "content_hide_rule_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_hide_rule" ADD CONSTRAINT "content_hide_rule_hotel_id_hotels_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotels"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "download_tasks" ADD CONSTRAINT "download_tasks_terminal_id_terminals_id_fk" FOREIGN KEY ("terminal_id") REFERENCES "public"."terminals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "boot_policy_tenant_idx" ON "boot_policy" USING btree ("brand_id","hotel_id");--> statement-breakpoint
CREATE INDEX "boot_policy_active_idx" ON "boot_policy" USING btree ("active");--> statement-breakpoint
CREATE INDEX "boot_policy_apply_mode_idx" ON "boot_policy" USING btree ("apply_mode");--> statement-breakpoint
CREATE INDEX "content_hide_rule_module_idx" ON "content_hide_rule" USING btree ("module");--> statement-breakpoint
CREATE INDEX "content_hide_rule_brand_id_idx" ON "content_hide_rule" USING btree ("brand_id");--> statement-breakpoint
CREATE INDEX "content_hide_rule_hotel_id_idx" ON "content_hide_rule" USING btree ("hotel_id");--> statement-breakpoint
CREATE INDEX "content_hide_rule_enabled_idx" ON "content_hide_rule" USING btree ("enabled");--> statement-breakpoint
CREATE INDEX "hotel_tv_menu_tenant_idx" ON "hotel_tv_menu" USING btree ("brand_id","hotel_id");--> statement-breakpoint
CREATE UNIQUE INDEX "download_tasks_terminal_file_idx" ON "download_tasks" USING btree ("terminal_id","kind","sha256");--> statement-breakpoint
CREATE INDEX "download_tasks_hotel_idx" ON "download_tasks" USING btree ("hotel_id","updated_at");--> statement-breakpoint
CREATE INDEX "download_tasks_brand_idx" ON "download_tasks" USING btree ("brand_id","updated_at");--> statement-breakpoint
CREATE INDEX "download_tasks_failed_idx" ON "download_tasks" USING btree ("updated_at") WHERE "download_tasks"."state" = 'failed';