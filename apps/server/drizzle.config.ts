import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/drizzle-kit-entry.cts',
  out: './drizzle',
});
