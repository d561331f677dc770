import { PrismaPg } from "@prisma/adapter-pg";
import { PrismaClient } from "@/lib/generated/prisma/client";
import { env } from "@/lib/env";

export type Db = PrismaClient;

const g = globalThis as unknown as { __charterPrisma?: { url: string; client: PrismaClient } };

/** The Prisma client, created on first use so that importing a module never needs a database. */
export function db(): PrismaClient {
  const { DATABASE_URL: url, DATABASE_POOL_SIZE: max } = env();
  if (!url) throw new Error("DATABASE_URL is not set (start Charter with `npm start`, which provides it)");
  if (g.__charterPrisma?.url !== url) {
    void g.__charterPrisma?.client.$disconnect();
    const adapter = new PrismaPg({ connectionString: url, max });
    g.__charterPrisma = { url, client: new PrismaClient({ adapter }) };
  }
  return g.__charterPrisma.client;
}

export async function disconnectDb(): Promise<void> {
  const current = g.__charterPrisma;
  g.__charterPrisma = undefined;
  await current?.client.$disconnect();
}
