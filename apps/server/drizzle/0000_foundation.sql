CREATE TABLE "brands" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(32) NOT NULL,
	"name" varchar(40) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "brands_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"storage_key" text NOT NULL,
	"name" varchar(255) NOT NULL,
	"mime" varchar(100) NOT NULL,
	"size" integer NOT NULL,
	"width" integer,
	"height" integer,
	"rule" varchar(40) NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"brand_id" integer,
	"hotel_id" integer,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hotels" (
	"id" serial PRIMARY KEY NOT NULL,
	"public_id" varchar(7) NOT NULL,
	"brand_id" integer NOT NULL,
	"name" varchar(300) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hotels_public_id_unique" UNIQUE("public_id")
);
--> statement-breakpoint
CREATE TABLE "message_recipients" (
	"id" serial PRIMARY KEY NOT NULL,
	"message_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"state" varchar(10) DEFAULT 'unread' NOT NULL,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "operation_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" integer,
	"user_type" integer,
	"user_name" varchar(64),
	"brand_id" integer,
	"hotel_id" integer,
	"action" varchar(40) NOT NULL,
	"record_type" varchar(60),
	"record_id" varchar(64),
	"before" jsonb,
	"after" jsonb,
	"ip" varchar(64)
);
--> statement-breakpoint
CREATE TABLE "permission_nodes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_type" integer NOT NULL,
	"parent_id" integer,
	"title" varchar(40) NOT NULL,
	"title_en" varchar(60),
	"route" varchar(60) NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"icon" varchar(40),
	"hidden" boolean DEFAULT false NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" varchar(40),
	"user_type" integer NOT NULL,
	"brand_id" integer,
	"hotel_id" integer,
	"name" varchar(20) NOT NULL,
	"is_super" boolean DEFAULT false NOT NULL,
	"permissions" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "roles_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"content" varchar(1000) NOT NULL,
	"sender_id" integer,
	"sender_name" varchar(40),
	"target" jsonb NOT NULL,
	"recipient_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"previous_token_hash" varchar(64),
	"rotated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" integer NOT NULL,
	"user_type" integer NOT NULL,
	"brand_id" integer,
	"hotel_id" integer,
	"role_id" integer,
	"parent_session_id" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"ip" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "user_projects" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"brand_id" integer NOT NULL,
	"hotel_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_type" integer NOT NULL,
	"login_name" varchar(64) NOT NULL,
	"name" varchar(40) NOT NULL,
	"email" varchar(100),
	"password_hash" text NOT NULL,
	"role_id" integer NOT NULL,
	"brand_id" integer,
	"hotel_id" integer,
	"enabled" boolean DEFAULT true NOT NULL,
	"is_auth_user" boolean DEFAULT false NOT NULL,
	"last_login_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "faq_category" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" integer,
	"hotel_id" integer,
	"name" varchar(30) NOT NULL,
	"name_en" varchar(60),
	"sort" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "faq" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" integer,
	"hotel_id" integer,
	"title" varchar(50) NOT NULL,
	"category_id" integer NOT NULL,
	"content" text NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"videos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"hits" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "terminals" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" integer,
	"hotel_id" integer,
	"mac" varchar(12) NOT NULL,
	"wifi_mac" varchar(12),
	"sn" varchar(26) NOT NULL,
	"group" varchar(40),
	"software_version" varchar(40),
	"ota_version" varchar(40),
	"control_version" varchar(40),
	"launcher" varchar(20),
	"client_type" varchar(20),
	"model" varchar(40),
	"size" varchar(20),
	"vendor" varchar(40),
	"region" varchar(40),
	"city" varchar(40),
	"scene_mode" varchar(40) DEFAULT 'hotel' NOT NULL,
	"room_number" varchar(16),
	"ip" varchar(45),
	"public_ip" varchar(45),
	"run_state" varchar(20),
	"online" boolean DEFAULT false NOT NULL,
	"authorization" varchar(40) DEFAULT 'unauthorized' NOT NULL,
	"disabled_tip" varchar(200),
	"tags" varchar(200),
	"guest" varchar(40),
	"registered" boolean DEFAULT true NOT NULL,
	"registered_at" timestamp with time zone,
	"authorized_at" timestamp with time zone,
	"last_boot_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "terminal_auth_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"launcher" varchar(20) NOT NULL,
	"client_type" varchar(20) NOT NULL,
	"vendor" varchar(40) NOT NULL,
	"sizes" varchar(200) NOT NULL,
	"mac_list" varchar(260000),
	"sn_list" varchar(540000),
	"valid_from" timestamp with time zone NOT NULL,
	"valid_to" timestamp with time zone NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"remark" varchar(100),
	"entries" integer DEFAULT 0 NOT NULL,
	"matched" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hotel_device_settings" (
	"hotel_id" integer PRIMARY KEY NOT NULL,
	"ip_whitelist" text[] DEFAULT '{}'::text[] NOT NULL,
	"install_pin" varchar(12),
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "terminal_alarms" (
	"id" serial PRIMARY KEY NOT NULL,
	"terminal_id" integer NOT NULL,
	"kind" varchar(30) NOT NULL,
	"ip" varchar(45),
	"detail" varchar(200),
	"hits" integer DEFAULT 0 NOT NULL,
	"first_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	"resolved_by" varchar(64)
);
--> statement-breakpoint
CREATE TABLE "terminal_boot_records" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"terminal_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"ip" varchar(45),
	"public_ip" varchar(45),
	"software_version" varchar(40),
	"launcher" varchar(20)
);
--> statement-breakpoint
CREATE TABLE "terminal_daily_stats" (
	"day" date NOT NULL,
	"brand_id" integer DEFAULT 0 NOT NULL,
	"hotel_id" integer DEFAULT 0 NOT NULL,
	"active" integer DEFAULT 0 NOT NULL,
	"registered" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "terminal_daily_stats_day_brand_id_hotel_id_pk" PRIMARY KEY("day","brand_id","hotel_id")
);
--> statement-breakpoint
CREATE TABLE "terminal_heartbeats" (
	"terminal_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"state" varchar(20),
	"ip" varchar(45),
	"public_ip" varchar(45),
	"software_version" varchar(40),
	"ota_version" varchar(40),
	"control_version" varchar(40)
);
--> statement-breakpoint
CREATE TABLE "terminal_presence" (
	"terminal_id" integer PRIMARY KEY NOT NULL,
	"last_seen_at" timestamp with time zone,
	"last_active_day" date
);
--> statement-breakpoint
CREATE TABLE "terminal_state_logs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"terminal_id" integer NOT NULL,
	"mac" varchar(12) NOT NULL,
	"brand_id" integer,
	"hotel_id" integer,
	"state" varchar(20) NOT NULL,
	"detail" varchar(200),
	"user_id" integer,
	"user_name" varchar(64),
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "terminal_tokens" (
	"terminal_id" integer PRIMARY KEY NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "terminal_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "hotels" ADD CONSTRAINT "hotels_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_recipients" ADD CONSTRAINT "message_recipients_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_recipients" ADD CONSTRAINT "message_recipients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permission_nodes" ADD CONSTRAINT "permission_nodes_parent_id_permission_nodes_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."permission_nodes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roles" ADD CONSTRAINT "roles_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roles" ADD CONSTRAINT "roles_hotel_id_hotels_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_projects" ADD CONSTRAINT "user_projects_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_projects" ADD CONSTRAINT "user_projects_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_projects" ADD CONSTRAINT "user_projects_hotel_id_hotels_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_hotel_id_hotels_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "faq" ADD CONSTRAINT "faq_category_id_faq_category_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."faq_category"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hotel_device_settings" ADD CONSTRAINT "hotel_device_settings_hotel_id_hotels_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminal_alarms" ADD CONSTRAINT "terminal_alarms_terminal_id_terminals_id_fk" FOREIGN KEY ("terminal_id") REFERENCES "public"."terminals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminal_presence" ADD CONSTRAINT "terminal_presence_terminal_id_terminals_id_fk" FOREIGN KEY ("terminal_id") REFERENCES "public"."terminals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminal_tokens" ADD CONSTRAINT "terminal_tokens_terminal_id_terminals_id_fk" FOREIGN KEY ("terminal_id") REFERENCES "public"."terminals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "files_tenant_idx" ON "files" USING btree ("brand_id","hotel_id");--> statement-breakpoint
CREATE INDEX "hotels_brand_idx" ON "hotels" USING btree ("brand_id");--> statement-breakpoint
CREATE UNIQUE INDEX "message_recipients_uq" ON "message_recipients" USING btree ("message_id","user_id");--> statement-breakpoint
CREATE INDEX "message_recipients_box_idx" ON "message_recipients" USING btree ("user_id","state");--> statement-breakpoint
CREATE INDEX "operation_logs_at_idx" ON "operation_logs" USING btree ("at");--> statement-breakpoint
CREATE INDEX "operation_logs_record_idx" ON "operation_logs" USING btree ("record_type","record_id");--> statement-breakpoint
CREATE INDEX "operation_logs_brand_idx" ON "operation_logs" USING btree ("brand_id","at");--> statement-breakpoint
CREATE INDEX "operation_logs_hotel_idx" ON "operation_logs" USING btree ("hotel_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "permission_nodes_route_uq" ON "permission_nodes" USING btree ("user_type","route");--> statement-breakpoint
CREATE INDEX "permission_nodes_parent_idx" ON "permission_nodes" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_previous_token_idx" ON "sessions" USING btree ("previous_token_hash");--> statement-breakpoint
CREATE INDEX "sessions_parent_idx" ON "sessions" USING btree ("parent_session_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_projects_uq" ON "user_projects" USING btree ("user_id","brand_id",coalesce("hotel_id", 0));--> statement-breakpoint
CREATE UNIQUE INDEX "users_login_name_uq" ON "users" USING btree (lower("login_name"));--> statement-breakpoint
CREATE INDEX "users_email_idx" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_role_idx" ON "users" USING btree ("role_id");--> statement-breakpoint
CREATE INDEX "users_tenant_idx" ON "users" USING btree ("brand_id","hotel_id");--> statement-breakpoint
CREATE INDEX "faq_category_tenant_idx" ON "faq_category" USING btree ("brand_id","hotel_id");--> statement-breakpoint
CREATE UNIQUE INDEX "faq_category_name_uq" ON "faq_category" USING btree (coalesce("brand_id", 0),coalesce("hotel_id", 0),"name");--> statement-breakpoint
CREATE INDEX "faq_tenant_idx" ON "faq" USING btree ("brand_id","hotel_id");--> statement-breakpoint
CREATE INDEX "faq_category_id_idx" ON "faq" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "faq_enabled_idx" ON "faq" USING btree ("enabled");--> statement-breakpoint
CREATE INDEX "terminals_tenant_idx" ON "terminals" USING btree ("brand_id","hotel_id");--> statement-breakpoint
CREATE UNIQUE INDEX "terminals_mac_uq" ON "terminals" USING btree ("mac");--> statement-breakpoint
CREATE INDEX "terminals_hotel_id_id_idx" ON "terminals" USING btree ("hotel_id","id");--> statement-breakpoint
CREATE INDEX "terminals_group_idx" ON "terminals" USING btree ("group");--> statement-breakpoint
CREATE INDEX "terminals_software_version_idx" ON "terminals" USING btree ("software_version");--> statement-breakpoint
CREATE INDEX "terminals_ota_version_idx" ON "terminals" USING btree ("ota_version");--> statement-breakpoint
CREATE INDEX "terminals_control_version_idx" ON "terminals" USING btree ("control_version");--> statement-breakpoint
CREATE INDEX "terminals_launcher_idx" ON "terminals" USING btree ("launcher");--> statement-breakpoint
CREATE INDEX "terminals_client_type_idx" ON "terminals" USING btree ("client_type");--> statement-breakpoint
CREATE INDEX "terminals_scene_mode_idx" ON "terminals" USING btree ("scene_mode");--> statement-breakpoint
CREATE INDEX "terminals_online_idx" ON "terminals" USING btree ("online");--> statement-breakpoint
CREATE INDEX "terminals_authorization_idx" ON "terminals" USING btree ("authorization");--> statement-breakpoint
CREATE INDEX "terminals_tags_idx" ON "terminals" USING btree ("tags");--> statement-breakpoint
CREATE INDEX "terminal_auth_rules_launcher_idx" ON "terminal_auth_rules" USING btree ("launcher");--> statement-breakpoint
CREATE INDEX "terminal_auth_rules_client_type_idx" ON "terminal_auth_rules" USING btree ("client_type");--> statement-breakpoint
CREATE INDEX "terminal_auth_rules_vendor_idx" ON "terminal_auth_rules" USING btree ("vendor");--> statement-breakpoint
CREATE INDEX "terminal_auth_rules_enabled_idx" ON "terminal_auth_rules" USING btree ("enabled");--> statement-breakpoint
CREATE UNIQUE INDEX "terminal_alarms_terminal_kind_uq" ON "terminal_alarms" USING btree ("terminal_id","kind");--> statement-breakpoint
CREATE INDEX "terminal_alarms_last_idx" ON "terminal_alarms" USING btree ("last_at");--> statement-breakpoint
CREATE INDEX "terminal_boot_records_terminal_at_idx" ON "terminal_boot_records" USING btree ("terminal_id","at");--> statement-breakpoint
CREATE INDEX "terminal_boot_records_at_brin" ON "terminal_boot_records" USING brin ("at");--> statement-breakpoint
CREATE INDEX "terminal_daily_stats_hotel_idx" ON "terminal_daily_stats" USING btree ("hotel_id","day");--> statement-breakpoint
CREATE INDEX "terminal_heartbeats_terminal_at_idx" ON "terminal_heartbeats" USING btree ("terminal_id","at");--> statement-breakpoint
CREATE INDEX "terminal_heartbeats_at_brin" ON "terminal_heartbeats" USING brin ("at");--> statement-breakpoint
CREATE INDEX "terminal_state_logs_terminal_idx" ON "terminal_state_logs" USING btree ("terminal_id","at");--> statement-breakpoint
CREATE INDEX "terminal_state_logs_at_idx" ON "terminal_state_logs" USING btree ("at");--> statement-breakpoint
CREATE INDEX "terminal_state_logs_brand_idx" ON "terminal_state_logs" USING btree ("brand_id","at");--> statement-breakpoint
CREATE INDEX "terminal_state_logs_hotel_idx" ON "terminal_state_logs" USING btree ("hotel_id","at");