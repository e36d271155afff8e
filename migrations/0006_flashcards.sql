CREATE TABLE `flashcard_reviews` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`card_id` text NOT NULL,
	`client_review_id` text NOT NULL,
	`rating` integer NOT NULL,
	`state` integer NOT NULL,
	`due` integer NOT NULL,
	`stability` real NOT NULL,
	`difficulty` real NOT NULL,
	`elapsed_days` integer NOT NULL,
	`last_elapsed_days` integer NOT NULL,
	`scheduled_days` integer NOT NULL,
	`learning_steps` integer NOT NULL,
	`reviewed_at` integer NOT NULL,
	`desired_retention` real NOT NULL,
	`next_state` integer NOT NULL,
	`next_due` integer NOT NULL,
	`next_scheduled_days` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`card_id`) REFERENCES `flashcards`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `flashcard_reviews_client_unique` ON `flashcard_reviews` (`user_id`,`client_review_id`);--> statement-breakpoint
CREATE INDEX `flashcard_reviews_card_idx` ON `flashcard_reviews` (`card_id`,`reviewed_at`);--> statement-breakpoint
CREATE INDEX `flashcard_reviews_user_reviewed_idx` ON `flashcard_reviews` (`user_id`,`reviewed_at`);--> statement-breakpoint
CREATE TABLE `flashcard_settings` (
	`user_id` text PRIMARY KEY NOT NULL,
	`desired_retention` real DEFAULT 0.9 NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `flashcards` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`question` text NOT NULL,
	`answer` text NOT NULL,
	`category` text NOT NULL,
	`is_archived` integer DEFAULT false NOT NULL,
	`source` text DEFAULT 'manual' NOT NULL,
	`client_key` text,
	`is_new` integer DEFAULT true NOT NULL,
	`due` integer NOT NULL,
	`stability` real DEFAULT 0 NOT NULL,
	`difficulty` real DEFAULT 0 NOT NULL,
	`scheduled_days` integer DEFAULT 0 NOT NULL,
	`learning_steps` integer DEFAULT 0 NOT NULL,
	`reps` integer DEFAULT 0 NOT NULL,
	`lapses` integer DEFAULT 0 NOT NULL,
	`state` integer DEFAULT 0 NOT NULL,
	`last_review` integer,
	`last_review_id` text,
	`version` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `flashcards_user_list_idx` ON `flashcards` (`user_id`,`is_archived`,`created_at`);--> statement-breakpoint
CREATE INDEX `flashcards_user_category_idx` ON `flashcards` (`user_id`,`is_archived`,`category`,`created_at`);--> statement-breakpoint
CREATE INDEX `flashcards_user_due_idx` ON `flashcards` (`user_id`,`is_archived`,`is_new`,`due`);--> statement-breakpoint
CREATE INDEX `flashcards_user_category_due_idx` ON `flashcards` (`user_id`,`is_archived`,`category`,`is_new`,`due`);--> statement-breakpoint
CREATE UNIQUE INDEX `flashcards_user_client_key_unique` ON `flashcards` (`user_id`,`client_key`);