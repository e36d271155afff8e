CREATE TABLE `payment_refusals` (
	`payment_id` text PRIMARY KEY NOT NULL,
	`order_id` text NOT NULL,
	`reason` text NOT NULL,
	`outcome` text NOT NULL,
	`amount_paise` integer NOT NULL,
	`refund_id` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`order_id`) REFERENCES `payment_orders`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `payment_orders` ADD `expires_at` integer;--> statement-breakpoint
ALTER TABLE `payment_orders` ADD `claimed_payment_id` text;--> statement-breakpoint
UPDATE `payment_orders` SET `expires_at` = `created_at` + 1800000 WHERE `expires_at` IS NULL;
