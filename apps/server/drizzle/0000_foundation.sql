CREATE TABLE "brands" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(32) NOT NULL,
	"name" varchar(40) NOT NULL,
	"type" varchar(40) DEFAULT 'chain' NOT NULL,
	"default_resource" varchar(40) DEFAULT 'standard' NOT NULL,
	"brand_customer" boolean DEFAULT false NOT NULL,
	"quality_testing" boolean DEFAULT false NOT NULL,
	"sales_experience" boolean DEFAULT false NOT NULL,
	"standard_resources" boolean DEFAULT false NOT NULL,
	"remarks" varchar(100),
	"hotel_limit" integer,
	"terminal_limit" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
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
	"sub_brand_id" integer,
	"name" varchar(300) NOT NULL,
	"name_en" varchar(300),
	"industry" varchar(40) DEFAULT 'hotel' NOT NULL,
	"system_version" varchar(40) DEFAULT '3.0' NOT NULL,
	"city" varchar(40),
	"address" varchar(30),
	"ap_ssid" varchar(32),
	"ap_password" varchar(16),
	"theme_source" varchar(40) DEFAULT 'brand' NOT NULL,
	"intro_source" varchar(40) DEFAULT 'brand' NOT NULL,
	"review_required" boolean DEFAULT false NOT NULL,
	"auth_user" boolean DEFAULT false NOT NULL,
	"picture_frame" boolean DEFAULT false NOT NULL,
	"picture_frame_interval" integer DEFAULT 10 NOT NULL,
	"pm25" boolean DEFAULT false NOT NULL,
	"ai_voice" boolean DEFAULT false NOT NULL,
	"weather_ver" integer DEFAULT 2 NOT NULL,
	"boots_ver" integer DEFAULT 2 NOT NULL,
	"channel_ver" integer DEFAULT 2 NOT NULL,
	"citys_ver" integer DEFAULT 2 NOT NULL,
	"rcu_config" jsonb,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"manager_user_id" integer,
	"created_by" integer,
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
CREATE TABLE "oem_users" (
	"id" serial PRIMARY KEY NOT NULL,
	"oem_customer_id" integer NOT NULL,
	"login_name" varchar(64) NOT NULL,
	"name" varchar(20) NOT NULL,
	"phone" varchar(20),
	"email" varchar(100),
	"password_hash" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"last_login_at" timestamp with time zone,
	"created_by" integer,
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
CREATE TABLE "rooms" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" integer NOT NULL,
	"hotel_id" integer NOT NULL,
	"number" varchar(16) NOT NULL,
	"floor" varchar(10),
	"building" varchar(20),
	"room_type" varchar(20),
	"remark" varchar(100),
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
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
CREATE TABLE "sub_brands" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" integer NOT NULL,
	"name" varchar(20) NOT NULL,
	"name_en" varchar(60),
	"sort" integer DEFAULT 0 NOT NULL,
	"remark" varchar(100),
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
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
CREATE TABLE "oem_customers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(20) NOT NULL,
	"pinyin_key" varchar(20) NOT NULL,
	"company" varchar(50),
	"phone" varchar(20),
	"contact_email" varchar(100),
	"remark" varchar(20),
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oem_launchers" (
	"id" serial PRIMARY KEY NOT NULL,
	"oem_customer_id" integer NOT NULL,
	"launcher" varchar(20) NOT NULL,
	"package_name" varchar(100),
	"version" varchar(40),
	"remark" varchar(100),
	"enabled" boolean DEFAULT true NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oem_brand_shares" (
	"id" serial PRIMARY KEY NOT NULL,
	"oem_customer_id" integer NOT NULL,
	"share_brand_id" integer NOT NULL,
	"percent" numeric(14, 2) NOT NULL,
	"remark" varchar(50),
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pms_manufacturers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(20) NOT NULL,
	"contact" varchar(20),
	"phone" varchar(20),
	"email" varchar(100),
	"remark" varchar(100),
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pms_vendors" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(20) NOT NULL,
	"key" varchar(20) NOT NULL,
	"manufacturer_id" integer,
	"params" jsonb,
	"enabled" boolean DEFAULT true NOT NULL,
	"remark" varchar(100),
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" serial PRIMARY KEY NOT NULL,
	"name_zh" varchar(20) NOT NULL,
	"name_en" varchar(40) NOT NULL,
	"type" varchar(40) NOT NULL,
	"searchable" boolean DEFAULT false NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
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
ALTER TABLE "hotels" ADD CONSTRAINT "hotels_sub_brand_id_sub_brands_id_fk" FOREIGN KEY ("sub_brand_id") REFERENCES "public"."sub_brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hotels" ADD CONSTRAINT "hotels_manager_user_id_users_id_fk" FOREIGN KEY ("manager_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_recipients" ADD CONSTRAINT "message_recipients_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_recipients" ADD CONSTRAINT "message_recipients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "permission_nodes" ADD CONSTRAINT "permission_nodes_parent_id_permission_nodes_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."permission_nodes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roles" ADD CONSTRAINT "roles_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roles" ADD CONSTRAINT "roles_hotel_id_hotels_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rooms" ADD CONSTRAINT "rooms_hotel_id_hotels_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sub_brands" ADD CONSTRAINT "sub_brands_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_projects" ADD CONSTRAINT "user_projects_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_projects" ADD CONSTRAINT "user_projects_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_projects" ADD CONSTRAINT "user_projects_hotel_id_hotels_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_hotel_id_hotels_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "faq" ADD CONSTRAINT "faq_category_id_faq_category_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."faq_category"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oem_launchers" ADD CONSTRAINT "oem_launchers_oem_customer_id_oem_customers_id_fk" FOREIGN KEY ("oem_customer_id") REFERENCES "public"."oem_customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oem_brand_shares" ADD CONSTRAINT "oem_brand_shares_oem_customer_id_oem_customers_id_fk" FOREIGN KEY ("oem_customer_id") REFERENCES "public"."oem_customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oem_brand_shares" ADD CONSTRAINT "oem_brand_shares_share_brand_id_brands_id_fk" FOREIGN KEY ("share_brand_id") REFERENCES "public"."brands"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pms_vendors" ADD CONSTRAINT "pms_vendors_manufacturer_id_pms_manufacturers_id_fk" FOREIGN KEY ("manufacturer_id") REFERENCES "public"."pms_manufacturers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hotel_device_settings" ADD CONSTRAINT "hotel_device_settings_hotel_id_hotels_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminal_alarms" ADD CONSTRAINT "terminal_alarms_terminal_id_terminals_id_fk" FOREIGN KEY ("terminal_id") REFERENCES "public"."terminals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminal_presence" ADD CONSTRAINT "terminal_presence_terminal_id_terminals_id_fk" FOREIGN KEY ("terminal_id") REFERENCES "public"."terminals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "terminal_tokens" ADD CONSTRAINT "terminal_tokens_terminal_id_terminals_id_fk" FOREIGN KEY ("terminal_id") REFERENCES "public"."terminals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "brands_code_uq" ON "brands" USING btree (lower("code"));--> statement-breakpoint
CREATE INDEX "files_tenant_idx" ON "files" USING btree ("brand_id","hotel_id");--> statement-breakpoint
CREATE INDEX "hotels_brand_idx" ON "hotels" USING btree ("brand_id");--> statement-breakpoint
CREATE INDEX "hotels_sub_brand_id_idx" ON "hotels" USING btree ("sub_brand_id");--> statement-breakpoint
CREATE INDEX "hotels_city_idx" ON "hotels" USING btree ("city");--> statement-breakpoint
CREATE UNIQUE INDEX "message_recipients_uq" ON "message_recipients" USING btree ("message_id","user_id");--> statement-breakpoint
CREATE INDEX "message_recipients_box_idx" ON "message_recipients" USING btree ("user_id","state");--> statement-breakpoint
CREATE UNIQUE INDEX "oem_users_login_name_uq" ON "oem_users" USING btree (lower("login_name"));--> statement-breakpoint
CREATE INDEX "oem_users_oem_customer_id_idx" ON "oem_users" USING btree ("oem_customer_id");--> statement-breakpoint
CREATE INDEX "operation_logs_at_idx" ON "operation_logs" USING btree ("at");--> statement-breakpoint
CREATE INDEX "operation_logs_record_idx" ON "operation_logs" USING btree ("record_type","record_id");--> statement-breakpoint
CREATE INDEX "operation_logs_brand_idx" ON "operation_logs" USING btree ("brand_id","at");--> statement-breakpoint
CREATE INDEX "operation_logs_hotel_idx" ON "operation_logs" USING btree ("hotel_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "permission_nodes_route_uq" ON "permission_nodes" USING btree ("user_type","route");--> statement-breakpoint
CREATE INDEX "permission_nodes_parent_idx" ON "permission_nodes" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "rooms_number_uq" ON "rooms" USING btree ("hotel_id","number");--> statement-breakpoint
CREATE INDEX "rooms_tenant_idx" ON "rooms" USING btree ("brand_id","hotel_id");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_previous_token_idx" ON "sessions" USING btree ("previous_token_hash");--> statement-breakpoint
CREATE INDEX "sessions_parent_idx" ON "sessions" USING btree ("parent_session_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sub_brands_name_uq" ON "sub_brands" USING btree ("brand_id","name");--> statement-breakpoint
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
CREATE INDEX "terminals_authorization_online_idx" ON "terminals" USING btree ("authorization","online");--> statement-breakpoint
CREATE INDEX "terminals_group_idx" ON "terminals" USING btree ("group");--> statement-breakpoint
CREATE INDEX "terminals_software_version_idx" ON "terminals" USING btree ("software_version");--> statement-breakpoint
CREATE INDEX "terminals_ota_version_idx" ON "terminals" USING btree ("ota_version");--> statement-breakpoint
CREATE INDEX "terminals_control_version_idx" ON "terminals" USING btree ("control_version");--> statement-breakpoint
CREATE INDEX "terminals_launcher_idx" ON "terminals" USING btree ("launcher");--> statement-breakpoint
CREATE INDEX "terminals_client_type_idx" ON "terminals" USING btree ("client_type");--> statement-breakpoint
CREATE INDEX "terminals_scene_mode_idx" ON "terminals" USING btree ("scene_mode");--> statement-breakpoint
CREATE INDEX "terminals_online_idx" ON "terminals" USING btree ("online");--> statement-breakpoint
CREATE INDEX "terminals_tags_idx" ON "terminals" USING btree ("tags");--> statement-breakpoint
CREATE INDEX "terminal_auth_rules_launcher_idx" ON "terminal_auth_rules" USING btree ("launcher");--> statement-breakpoint
CREATE INDEX "terminal_auth_rules_client_type_idx" ON "terminal_auth_rules" USING btree ("client_type");--> statement-breakpoint
CREATE INDEX "terminal_auth_rules_vendor_idx" ON "terminal_auth_rules" USING btree ("vendor");--> statement-breakpoint
CREATE INDEX "terminal_auth_rules_enabled_idx" ON "terminal_auth_rules" USING btree ("enabled");--> statement-breakpoint
CREATE UNIQUE INDEX "oem_customers_pinyin_key_uq" ON "oem_customers" USING btree ("pinyin_key");--> statement-breakpoint
CREATE INDEX "oem_launchers_oem_customer_id_idx" ON "oem_launchers" USING btree ("oem_customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "oem_launchers_launcher_uq" ON "oem_launchers" USING btree ("launcher");--> statement-breakpoint
CREATE INDEX "oem_launchers_enabled_idx" ON "oem_launchers" USING btree ("enabled");--> statement-breakpoint
CREATE INDEX "oem_brand_shares_oem_customer_id_idx" ON "oem_brand_shares" USING btree ("oem_customer_id");--> statement-breakpoint
CREATE INDEX "oem_brand_shares_share_brand_id_idx" ON "oem_brand_shares" USING btree ("share_brand_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pms_manufacturers_name_uq" ON "pms_manufacturers" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "pms_vendors_key_uq" ON "pms_vendors" USING btree ("key");--> statement-breakpoint
CREATE INDEX "pms_vendors_manufacturer_id_idx" ON "pms_vendors" USING btree ("manufacturer_id");--> statement-breakpoint
CREATE INDEX "pms_vendors_enabled_idx" ON "pms_vendors" USING btree ("enabled");--> statement-breakpoint
CREATE INDEX "tags_type_idx" ON "tags" USING btree ("type");--> statement-breakpoint
CREATE INDEX "tags_searchable_idx" ON "tags" USING btree ("searchable");--> statement-breakpoint
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