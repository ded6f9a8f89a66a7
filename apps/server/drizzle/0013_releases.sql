CREATE TABLE "ota_packages" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(50) NOT NULL,
	"version" varchar(64) NOT NULL,
	"model" varchar(50) NOT NULL,
	"compatible_models" varchar(500),
	"remark" varchar(200),
	"file_id" varchar(36) NOT NULL,
	"size" integer,
	"md5" varchar(32),
	"sha256" varchar(64),
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "control_upgrades" (
	"id" serial PRIMARY KEY NOT NULL,
	"version_name" varchar(64) NOT NULL,
	"version_code" integer NOT NULL,
	"file_id" varchar(36) NOT NULL,
	"size" integer,
	"md5" varchar(32),
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "apps" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" integer,
	"hotel_id" integer,
	"name" varchar(20) NOT NULL,
	"package_name" varchar(60),
	"apk_kind" varchar(40) DEFAULT 'real' NOT NULL,
	"apk_file_id" varchar(36),
	"version_confirm" varchar(40),
	"launch_param" varchar(200),
	"version_name" varchar(64),
	"version_code" integer,
	"size" integer,
	"md5" varchar(32),
	"icon" varchar(200),
	"app_type" varchar(40) DEFAULT '2' NOT NULL,
	"auto_upgrade" boolean DEFAULT false NOT NULL,
	"backgrounds" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"rotation_seconds" integer,
	"play_seconds" integer,
	"version_type" varchar(40) DEFAULT '1' NOT NULL,
	"support_downgrade" boolean DEFAULT false NOT NULL,
	"core_platforms" varchar(40),
	"self_start" boolean DEFAULT false NOT NULL,
	"service_class" varchar(200),
	"distribution" varchar(40) DEFAULT 'official' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "release_action_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"action_id" integer NOT NULL,
	"state" varchar(16) NOT NULL,
	"progress" smallint,
	"code" varchar(40),
	"reason" varchar(300),
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "release_actions" (
	"id" serial PRIMARY KEY NOT NULL,
	"rollout_id" integer NOT NULL,
	"terminal_id" integer NOT NULL,
	"wave" smallint NOT NULL,
	"rank" smallint NOT NULL,
	"state" varchar(16) DEFAULT 'pending' NOT NULL,
	"progress" smallint DEFAULT 0 NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"not_before" timestamp with time zone,
	"failure_code" varchar(40),
	"failure_reason" varchar(300),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "release_rollouts" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(50) NOT NULL,
	"kind" varchar(10) NOT NULL,
	"package_id" integer NOT NULL,
	"package_title" varchar(100) NOT NULL,
	"package_name" varchar(60) DEFAULT '' NOT NULL,
	"version_name" varchar(64) NOT NULL,
	"version_code" integer,
	"file_id" uuid NOT NULL,
	"size" bigint NOT NULL,
	"md5" varchar(32) NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"compatible_models" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"state" varchar(12) NOT NULL,
	"pause_reason" varchar(20),
	"target_kind" varchar(10) NOT NULL,
	"brand_ids" integer[] DEFAULT '{}' NOT NULL,
	"hotel_ids" integer[] DEFAULT '{}' NOT NULL,
	"terminal_ids" integer[] DEFAULT '{}' NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"models" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"distribution" varchar(10) NOT NULL,
	"install_type" varchar(14) NOT NULL,
	"waves" jsonb NOT NULL,
	"success_threshold" smallint NOT NULL,
	"error_threshold" smallint NOT NULL,
	"max_retries" smallint NOT NULL,
	"retry_base_seconds" integer NOT NULL,
	"window_start" varchar(5),
	"window_end" varchar(5),
	"current_wave" smallint DEFAULT 0 NOT NULL,
	"errors_accepted_wave" smallint,
	"brand_id" integer,
	"hotel_id" integer,
	"created_by" varchar(100),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "terminal_packages" (
	"terminal_id" integer NOT NULL,
	"kind" varchar(10) NOT NULL,
	"package_name" varchar(60) NOT NULL,
	"version_name" varchar(64) NOT NULL,
	"version_code" integer,
	"installed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "terminal_packages_terminal_id_kind_package_name_pk" PRIMARY KEY("terminal_id","kind","package_name")
);
--> statement-breakpoint
ALTER TABLE "files" ALTER COLUMN "size" SET DATA TYPE bigint;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "md5" varchar(32);--> statement-breakpoint
ALTER TABLE "release_action_events" ADD CONSTRAINT "release_action_events_action_id_release_actions_id_fk" FOREIGN KEY ("action_id") REFERENCES "public"."release_actions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_actions" ADD CONSTRAINT "release_actions_rollout_id_release_rollouts_id_fk" FOREIGN KEY ("rollout_id") REFERENCES "public"."release_rollouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_actions" ADD CONSTRAINT "release_actions_terminal_id_terminals_id_fk" FOREIGN KEY ("terminal_id") REFERENCES "public"."terminals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_rollouts" ADD CONSTRAINT "release_rollouts_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_rollouts" ADD CONSTRAINT "release_rollouts_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_rollouts" ADD CONSTRAINT "release_rollouts_hotel_id_hotels_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminal_packages" ADD CONSTRAINT "terminal_packages_terminal_id_terminals_id_fk" FOREIGN KEY ("terminal_id") REFERENCES "public"."terminals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ota_packages_model_idx" ON "ota_packages" USING btree ("model");--> statement-breakpoint
CREATE INDEX "apps_tenant_idx" ON "apps" USING btree ("brand_id","hotel_id");--> statement-breakpoint
CREATE INDEX "apps_apk_kind_idx" ON "apps" USING btree ("apk_kind");--> statement-breakpoint
CREATE INDEX "apps_app_type_idx" ON "apps" USING btree ("app_type");--> statement-breakpoint
CREATE INDEX "apps_version_type_idx" ON "apps" USING btree ("version_type");--> statement-breakpoint
CREATE INDEX "apps_distribution_idx" ON "apps" USING btree ("distribution");--> statement-breakpoint
CREATE INDEX "release_action_events_action_idx" ON "release_action_events" USING btree ("action_id");--> statement-breakpoint
CREATE UNIQUE INDEX "release_actions_rollout_terminal_idx" ON "release_actions" USING btree ("rollout_id","terminal_id");--> statement-breakpoint
CREATE INDEX "release_actions_terminal_idx" ON "release_actions" USING btree ("terminal_id");--> statement-breakpoint
CREATE INDEX "release_actions_wave_idx" ON "release_actions" USING btree ("rollout_id","wave","state");--> statement-breakpoint
CREATE INDEX "release_rollouts_state_idx" ON "release_rollouts" USING btree ("state");--> statement-breakpoint
CREATE INDEX "release_rollouts_hotel_idx" ON "release_rollouts" USING btree ("hotel_id");