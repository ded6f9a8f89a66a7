CREATE TABLE "shop_banner" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" integer NOT NULL,
	"hotel_id" integer NOT NULL,
	"title" varchar(50) NOT NULL,
	"cover_id" varchar(36) NOT NULL,
	"detail_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_category" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" integer NOT NULL,
	"hotel_id" integer NOT NULL,
	"name" varchar(20) NOT NULL,
	"name_en" varchar(50),
	"picture_id" varchar(36) NOT NULL,
	"qr_code_id" varchar(36) NOT NULL,
	"opens_at" varchar(5),
	"closes_at" varchar(5),
	"sort" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_goods" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" integer NOT NULL,
	"hotel_id" integer NOT NULL,
	"name" varchar(50) NOT NULL,
	"name_en" varchar(100),
	"category_id" integer NOT NULL,
	"price" numeric(14, 2) NOT NULL,
	"picture_id" varchar(36) NOT NULL,
	"description" varchar(500),
	"stock" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_order" (
	"id" serial PRIMARY KEY NOT NULL,
	"brand_id" integer NOT NULL,
	"hotel_id" integer NOT NULL,
	"number" varchar(24),
	"room_number" varchar(20),
	"stay_id" integer,
	"terminal_id" integer,
	"request_key" varchar(64),
	"summary" varchar(500),
	"items" jsonb,
	"amount" numeric(14, 2),
	"amount_minor" integer,
	"payment" varchar(40),
	"state" varchar(40) DEFAULT 'new' NOT NULL,
	"source" varchar(40) DEFAULT 'tv' NOT NULL,
	"cancel_reason" varchar(200),
	"confirmed_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "room_charges" (
	"id" serial PRIMARY KEY NOT NULL,
	"hotel_id" integer NOT NULL,
	"brand_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"stay_id" integer NOT NULL,
	"room_number" varchar(20) NOT NULL,
	"reservation" varchar(32),
	"amount_minor" integer NOT NULL,
	"description" varchar(60) NOT NULL,
	"posted_at" timestamp with time zone,
	"pms_reference" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "room_charges_amount_positive" CHECK ("room_charges"."amount_minor" > 0)
);
--> statement-breakpoint
ALTER TABLE "shop_goods" ADD CONSTRAINT "shop_goods_category_id_shop_category_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."shop_category"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_charges" ADD CONSTRAINT "room_charges_hotel_id_hotels_id_fk" FOREIGN KEY ("hotel_id") REFERENCES "public"."hotels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shop_banner_tenant_idx" ON "shop_banner" USING btree ("brand_id","hotel_id");--> statement-breakpoint
CREATE INDEX "shop_category_tenant_idx" ON "shop_category" USING btree ("brand_id","hotel_id");--> statement-breakpoint
CREATE INDEX "shop_goods_tenant_idx" ON "shop_goods" USING btree ("brand_id","hotel_id");--> statement-breakpoint
CREATE INDEX "shop_goods_category_id_idx" ON "shop_goods" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "shop_order_tenant_idx" ON "shop_order" USING btree ("brand_id","hotel_id");--> statement-breakpoint
CREATE INDEX "shop_order_hotel_id_state_idx" ON "shop_order" USING btree ("hotel_id","state");--> statement-breakpoint
CREATE INDEX "shop_order_hotel_id_created_at_idx" ON "shop_order" USING btree ("hotel_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "shop_order_terminal_id_request_key_uq" ON "shop_order" USING btree ("terminal_id","request_key");--> statement-breakpoint
CREATE INDEX "shop_order_stay_id_idx" ON "shop_order" USING btree ("stay_id");--> statement-breakpoint
CREATE INDEX "shop_order_room_number_idx" ON "shop_order" USING btree ("room_number");--> statement-breakpoint
CREATE INDEX "shop_order_payment_idx" ON "shop_order" USING btree ("payment");--> statement-breakpoint
CREATE INDEX "shop_order_state_idx" ON "shop_order" USING btree ("state");--> statement-breakpoint
CREATE UNIQUE INDEX "room_charges_order_uq" ON "room_charges" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "room_charges_hotel_stay_idx" ON "room_charges" USING btree ("hotel_id","stay_id");