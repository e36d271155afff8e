ALTER TABLE `payment_orders` ADD `credit_paise` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `payment_orders` ADD `credit_from` text;--> statement-breakpoint
ALTER TABLE `subscriptions` ADD `credited_order_id` text;--> statement-breakpoint
ALTER TABLE `subscriptions` ADD `ended_early_at` integer;