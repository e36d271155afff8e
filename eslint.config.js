import jsxA11y from "eslint-plugin-jsx-a11y";
import react from "eslint-plugin-react";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "build/**",
      "**/.wrangler/**",
      "node_modules/**",
      "worker-configuration.d.ts",
      "tests/e2e/.results/**",
      "tests/e2e/.report/**",
    ],
  },
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { react, "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    languageOptions: {
      parserOptions: { ecmaFeatures: { jsx: true } },
    },
    settings: { react: { version: "18.3" } },
    rules: {
      ...react.configs.recommended.rules,
      ...react.configs["jsx-runtime"].rules,
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.configs.recommended.rules,
      "react/prop-types": "off",
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrorsIgnorePattern: "^_" },
      ],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      // <details>/<summary> disclosures are interactive by design.
      "jsx-a11y/no-redundant-roles": "off",
    },
  },
  // The layers of docs/architecture.md: models hold the rules and know nothing of requests,
  // pages or components; the request kit knows no route; browser code imports no server module.
  {
    files: ["app/models/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["~/routes/*", "~/components/*", "~/http/*", "../routes/*", "../http/*"],
              message: "A domain model never imports a route, a component or the request kit.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["app/http/**/*.ts", "app/integrations/**/*.ts", "app/db/**/*.ts"],
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["~/routes/*", "~/components/*"],
              message: "Lower layers never import a route or a component.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["app/components/**/*.{ts,tsx}", "app/lib/**/*.ts"],
    ignores: ["**/*.test.ts", "**/*.test.tsx"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["**/*.server", "~/routes/*", "~/http/*", "~/models/*"],
              message:
                "Browser code imports nothing from server modules, not even a type: move shared types to app/lib.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["tests/**/*.ts", "**/*.test.ts"],
    rules: { "@typescript-eslint/no-non-null-assertion": "off" },
  },
);
