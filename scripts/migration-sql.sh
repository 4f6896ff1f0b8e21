#!/usr/bin/env bash
# Prints the SQL that takes an empty database to prisma/schema.prisma, the way `prisma migrate diff`
# does. Prisma 7's migrate commands need a schema-engine binary that cannot be downloaded on machines
# without access to Prisma's binary host, so this uses Prisma 6.19's JS engine in a throwaway folder.
# Usage: scripts/migration-sql.sh > prisma/migrations/<timestamp>_<name>/migration.sql (for the first
# migration; for later ones diff against the previous schema with --from-schema-datamodel).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
npm init -y >/dev/null 2>&1
npm install --silent prisma@6.19 @prisma/adapter-pg@6.19 >/dev/null 2>&1
sed -e 's/provider *= "prisma-client"/provider = "prisma-client-js"/' -e '/^ *output *=/d' -e '/^ *moduleFormat *=/d' \
  -e 's/provider = "postgresql"/provider = "postgresql"\n  url = env("DATABASE_URL")/' "$root/prisma/schema.prisma" > schema.prisma
cat > prisma.config.ts <<'TS'
import { defineConfig } from 'prisma/config';
import { PrismaPg } from '@prisma/adapter-pg';
export default defineConfig({ experimental: { adapter: true }, schema: 'schema.prisma', engine: 'js',
  adapter: async () => new PrismaPg({ connectionString: process.env.SHADOW_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' }) });
TS
touch engine-placeholder
PRISMA_QUERY_ENGINE_LIBRARY="$work/engine-placeholder" PRISMA_SCHEMA_ENGINE_BINARY="$work/engine-placeholder" DATABASE_URL=postgres://unused@localhost/unused \
  npx prisma migrate diff --from-empty --to-schema-datamodel schema.prisma --script 2>/dev/null | grep -v '^CREATE SCHEMA IF NOT EXISTS "public";$' | sed '1{/^-- CreateSchema$/d}'
