// Offline `prisma migrate deploy` / `migrate diff`: the Prisma CLI downloads a native schema engine
// that these machines cannot reach, so we drive the WASM build of the same engine through the pg
// driver adapter. Same `_prisma_migrations` table and checksums as the CLI. Plain Node only: never
// import this from code that Next bundles.
import fs from "node:fs/promises";
import path from "node:path";
import { createRequire } from "node:module";
import { bindMigrationAwareSqlAdapterFactory } from "@prisma/driver-adapter-utils";

const require = createRequire(import.meta.url);
let SchemaEngineClass;

async function loadEngineClass() {
  if (SchemaEngineClass) return SchemaEngineClass;
  const runtime = await import("@prisma/schema-engine-wasm/schema_engine_bg");
  const wasmPath = path.join(
    path.dirname(require.resolve("@prisma/schema-engine-wasm/schema_engine_bg")),
    "schema_engine_bg.wasm",
  );
  const mod = new WebAssembly.Module(await fs.readFile(wasmPath));
  // The engine arms 10 s timers it never clears; unref them so scripts and test runners exit promptly.
  const imports = { ...runtime };
  for (const k of Object.keys(runtime)) {
    if (k.startsWith("__wbg_setTimeout_")) {
      imports[k] = (...args) => {
        const t = runtime[k](...args);
        t?.unref?.();
        return t;
      };
    }
  }
  const instance = new WebAssembly.Instance(mod, { "./schema_engine_bg.js": imports });
  runtime.__wbg_set_wasm(instance.exports);
  instance.exports.__wbindgen_start();
  SchemaEngineClass = runtime.SchemaEngine;
  return SchemaEngineClass;
}

const FILTERS = { externalTables: [], externalEnums: [] };

export async function listMigrations(migrationsDir) {
  const entries = (await fs.readdir(migrationsDir, { withFileTypes: true }).catch(() => []))
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
  const migrationDirectories = [];
  for (const name of entries) {
    const content = await fs.readFile(path.join(migrationsDir, name, "migration.sql"), "utf8").then(
      (value) => ({ tag: "ok", value }),
      (e) => ({ tag: "error", value: String(e) }),
    );
    migrationDirectories.push({ path: name, migrationFile: { path: "migration.sql", content } });
  }
  const lockContent = await fs.readFile(path.join(migrationsDir, "migration_lock.toml"), "utf8").catch(() => null);
  return {
    baseDir: migrationsDir,
    lockfile: { path: "migration_lock.toml", content: lockContent },
    shadowDbInitScript: "",
    migrationDirectories,
  };
}

/**
 * adapter-pg runs a migration script by splitting it on every ";", which breaks function bodies
 * ($$ … $$) and comments holding a semicolon. PostgreSQL takes the whole script as one simple query
 * (one implicit transaction), which is how the Prisma CLI sends it.
 */
function wholeScripts(adapter) {
  adapter.executeScript = async (script) => {
    try {
      await adapter.client.query(script);
    } catch (error) {
      adapter.onError(error);
    }
  };
  return adapter;
}

export async function withEngine(adapterFactory, schemaFiles, fn) {
  const SchemaEngine = await loadEngineClass();
  const debug = () => {};
  const opened = []; // engine.free() does not close the adapter's pool
  const tracking = {
    provider: adapterFactory.provider,
    adapterName: adapterFactory.adapterName,
    connect: async () => {
      const a = wholeScripts(await adapterFactory.connect());
      opened.push(a);
      return a;
    },
    connectToShadowDb: async () => {
      const a = wholeScripts(await adapterFactory.connectToShadowDb());
      opened.push(a);
      return a;
    },
  };
  const engine = await SchemaEngine.new(
    { datamodels: schemaFiles.map((f) => [f.path, f.content]) },
    debug,
    bindMigrationAwareSqlAdapterFactory(tracking),
  );
  try {
    return await fn(engine);
  } finally {
    engine.free();
    await Promise.allSettled(opened.map((a) => a.dispose?.()));
  }
}

/** Same semantics as `prisma migrate deploy`. */
export async function migrateDeploy(adapterFactory, { migrationsDir, schemaPath }) {
  const schema = [{ path: schemaPath, content: await fs.readFile(schemaPath, "utf8") }];
  const migrationsList = await listMigrations(migrationsDir);
  return withEngine(adapterFactory, schema, (e) => e.applyMigrations({ migrationsList, filters: FILTERS }));
}

/** Same as `prisma migrate diff … --script`, from {tag:"empty"} or {tag:"schemaDatamodel", files}. */
export async function diffScript(adapterFactory, { from, schemaPath }) {
  const content = await fs.readFile(schemaPath, "utf8");
  return withEngine(adapterFactory, [{ path: schemaPath, content }], (e) =>
    e.diff({
      from,
      to: { tag: "schemaDatamodel", files: [{ path: schemaPath, content }] },
      script: true,
      exitCode: null,
      filters: FILTERS,
    }),
  );
}

/** Applies prisma/migrations to the database at `url`. */
export async function migrateUrl(url, root = process.cwd()) {
  const { PrismaPg } = await import("@prisma/adapter-pg");
  return migrateDeploy(new PrismaPg({ connectionString: url }), {
    migrationsDir: path.resolve(root, "prisma/migrations"),
    schemaPath: path.resolve(root, "prisma/schema.prisma"),
  });
}
