CREATE TABLE `payment_events` (
	`event_id` text PRIMARY KEY NOT NULL,
	`event` text NOT NULL,
	`provider_order_id` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `payment_events_received_idx` ON `payment_events` (`created_at`);--> statement-breakpoint
CREATE TABLE `payment_orders` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`plan_id` text NOT NULL,
	`provider` text NOT NULL,
	`provider_order_id` text NOT NULL,
	`currency` text DEFAULT 'INR' NOT NULL,
	`original_paise` integer NOT NULL,
	`discount_paise` integer NOT NULL,
	`amount_paise` integer NOT NULL,
	`promo_code` text,
	`status` text DEFAULT 'created' NOT NULL,
	`payment_id` text,
	`failure_reason` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`paid_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payment_orders_provider_order_unique` ON `payment_orders` (`provider_order_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `payment_orders_payment_unique` ON `payment_orders` (`payment_id`);--> statement-breakpoint
CREATE INDEX `payment_orders_user_idx` ON `payment_orders` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `payment_orders_status_idx` ON `payment_orders` (`status`,`created_at`);--> statement-breakpoint
CREATE TABLE `promo_codes` (
	`code` text PRIMARY KEY NOT NULL,
	`discount_basis_points` integer NOT NULL,
	`description` text NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`expires_at` integer,
	`max_uses` integer,
	`batch_id` text,
	`created_by` text,
	`deleted_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `promo_codes_batch_idx` ON `promo_codes` (`batch_id`);--> statement-breakpoint
CREATE TABLE `promo_redemptions` (
	`id` text PRIMARY KEY NOT NULL,
	`code` text NOT NULL,
	`user_id` text NOT NULL,
	`order_id` text NOT NULL,
	`state` text NOT NULL,
	`reserved_until` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`settled_at` integer,
	FOREIGN KEY (`code`) REFERENCES `promo_codes`(`code`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `promo_redemptions_order_unique` ON `promo_redemptions` (`order_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `promo_redemptions_live_unique` ON `promo_redemptions` (`code`,`user_id`) WHERE state != 'released';--> statement-breakpoint
CREATE INDEX `promo_redemptions_code_state_idx` ON `promo_redemptions` (`code`,`state`);--> statement-breakpoint
CREATE TABLE `subscriptions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`plan_id` text NOT NULL,
	`order_id` text NOT NULL,
	`payment_id` text,
	`starts_at` integer NOT NULL,
	`ends_at` integer NOT NULL,
	`cancelled_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`order_id`) REFERENCES `payment_orders`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `subscriptions_order_unique` ON `subscriptions` (`order_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `subscriptions_payment_unique` ON `subscriptions` (`payment_id`);--> statement-breakpoint
CREATE INDEX `subscriptions_user_ends_idx` ON `subscriptions` (`user_id`,`ends_at`);--> statement-breakpoint
CREATE TABLE `trials` (
	`user_id` text PRIMARY KEY NOT NULL,
	`started_at` integer NOT NULL,
	`ends_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
-- Accounts verified before trials existed get the trial they would have started then.
INSERT OR IGNORE INTO `trials` (`user_id`, `started_at`, `ends_at`)
SELECT `id`, `email_verified_at`, `email_verified_at` + 30 * 86400000 FROM `users` WHERE `email_verified_at` IS NOT NULL;
