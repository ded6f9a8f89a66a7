ALTER TABLE "hotel_tv_menu" ALTER COLUMN "password" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "hotel_tv_menu" ADD COLUMN "name" varchar(30);