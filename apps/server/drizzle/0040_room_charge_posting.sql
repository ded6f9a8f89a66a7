ALTER TABLE "shop_order" ADD COLUMN "posting" varchar(40);--> statement-breakpoint
ALTER TABLE "shop_order" ADD COLUMN "posting_error" varchar(200);--> statement-breakpoint
ALTER TABLE "vod_order" ADD COLUMN "posting" varchar(40);--> statement-breakpoint
ALTER TABLE "vod_order" ADD COLUMN "posting_error" varchar(200);--> statement-breakpoint
ALTER TABLE "room_charges" ADD COLUMN "posting" varchar(16) DEFAULT 'ledger' NOT NULL;--> statement-breakpoint
ALTER TABLE "room_charges" ADD COLUMN "posting_error" varchar(200);--> statement-breakpoint
CREATE INDEX "shop_order_posting_idx" ON "shop_order" USING btree ("posting");--> statement-breakpoint
CREATE INDEX "vod_order_posting_idx" ON "vod_order" USING btree ("posting");