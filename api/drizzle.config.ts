import { defineConfig } from 'drizzle-kit';

// Generates SQL migrations from the schema; no database connection is needed to generate.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
});
