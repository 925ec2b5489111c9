// `npm run studium -- <command>`: first run and administration without a browser. The commands call the
// same core use-cases, with the same validation, as the JSON API. Exit codes: 0 done, 1 refused or failed
// (e.g. the school is already set up), 2 bad arguments.
import { parseArgs, type ParseArgsConfig } from "node:util";
import { registerSchema, setPasswordSchema } from "#core/accounts/schemas.ts";
import { isAppError, type FieldErrors } from "#core/errors.ts";
import { currencies, setupSchema } from "#core/school/schemas.ts";
import { fieldErrorsOf } from "#core/validation.ts";
import { type Config, ConfigError, loadConfig } from "#platform/config.ts";
import type { DbHandle } from "#platform/db/connection.ts";
import { translator } from "#platform/i18n/index.ts";

const t = translator("en");

// The database drivers and use-cases load only when a command runs, so that a mistyped command answers at once.
const load = {
  db: () => Promise.all([import("#platform/db/connection.ts"), import("#platform/db/migrate.ts")]),
  setupSchool: async () => (await import("#core/school/setup-school.ts")).setupSchool,
  storage: () => Promise.all([import("#integrations/storage/from-config.ts"), import("#platform/security/secret.ts")]),
  sampleMedia: async () => (await import("#platform/sample-files/sample-media.ts")).sampleMedia,
  getSchool: async () => (await import("#core/school/get-school.ts")).getSchool,
  createUser: async () => (await import("#core/accounts/create-user.ts")).createUser,
  setPassword: async () => (await import("#core/accounts/set-password.ts")).setPassword,
};

class UsageError extends Error {}
class Refused extends Error {}

type Options = NonNullable<ParseArgsConfig["options"]>;
type Command = {
  summary: string;
  usage: string;
  options: Options;
  run(values: Record<string, string | boolean | undefined>): Promise<void>;
};

const help = { help: { type: "boolean", short: "h" } } as const satisfies Options;

/** Schema field -> the option that carries it, so errors name what the user typed. */
const optionOf: Record<string, string> = { school_name: "--school", public_url: "--url" };
/** The allowed values of the options that take one of a list. */
const choicesOf: Record<string, readonly string[]> = { language: ["en", "pl"], currency: currencies };

function describeFields(fields: FieldErrors): string[] {
  return Object.entries(fields).map(([field, messages]) => {
    const option = optionOf[field] ?? `--${field}`;
    const text = messages
      .map((m) => {
        const message = t(m.key, m.values ?? {});
        const choices = choicesOf[field];
        return m.key === "validation:in" && choices ? `${message.replace(/\.$/, "")}: ${choices.join(", ")}.` : message;
      })
      .join(" ");
    return `${option}: ${text}`;
  });
}

function validate<T>(
  schema: { safeParse(input: unknown): { success: true; data: T } | { success: false; error: any } },
  input: unknown,
): T {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw new UsageError(describeFields(fieldErrorsOf(result.error, input)).join("\n"));
}

/** Opens the server's database (DATA_DIR / DATABASE_URL), migrated, for the time of the work. */
async function withDatabase<T>(work: (handle: DbHandle, applied: string[], config: Config) => Promise<T>): Promise<T> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) throw new Refused(error.message);
    throw error;
  }
  const [{ openDatabase }, { migrateToLatest }] = await load.db();
  const handle = openDatabase(config.database, { poolSize: 2 });
  try {
    const applied = await migrateToLatest(handle);
    return await work(handle, applied, config);
  } finally {
    await handle.close();
  }
}

const languageNames = { en: "English", pl: "Polish" } as const;

const commands: Record<string, Command> = {
  setup: {
    summary: "Create the school and its owner's account (once).",
    usage: `setup --school "Name" --language en|pl --email E --password P --name N [--url U] [--currency C] [--sample]

  --school      the school's name
  --language    en or pl: the language of the school's pages and e-mails
  --currency    PLN, EUR, USD, GBP, CHF or CZK (default: PLN for pl, EUR for en)
  --email       the owner's e-mail address
  --password    the owner's password (at least 6 characters)
  --name        the owner's name
  --url         the school's public address (https://school.example), where e-mailed links lead
                (default: APP_URL; without either, the owner's first visit as admin records it)
  --sample      add a sample course and a sample student`,
    options: {
      school: { type: "string" },
      language: { type: "string" },
      currency: { type: "string" },
      email: { type: "string" },
      password: { type: "string" },
      name: { type: "string" },
      url: { type: "string" },
      sample: { type: "boolean" },
    },
    async run(values) {
      const language = values.language;
      const input = {
        school_name: values.school,
        language,
        currency: values.currency ?? (language === "pl" ? "PLN" : "EUR"),
        name: values.name,
        email: values.email,
        password: values.password,
        sample: values.sample === true,
        public_url: values.url,
      };
      const data = validate(setupSchema, input);
      await withDatabase(async ({ db }, _applied, config) => {
        const [setupSchool, [{ createStorageFromConfig }, { loadSecret }], sampleMedia] = await Promise.all([
          load.setupSchool(),
          load.storage(),
          load.sampleMedia(),
        ]);
        // The server's own storage (DATA_DIR/files, or the S3 bucket), where the sample course's files go.
        const storage = createStorageFromConfig(
          config,
          loadSecret({ secretKey: config.SECRET_KEY, dataDir: config.dataDir }),
        );
        const hashing = { r: 8, p: 1, N: config.PASSWORD_SCRYPT_N };
        const { owner, sample } = await setupSchool({ db, storage, hashing, sampleMedia }, data, {
          publicUrl: config.APP_URL,
        });
        out(`Set up the school "${data.school_name}" (${languageNames[data.language]}, ${data.currency}).`);
        out(`Owner (admin): ${owner.name} <${owner.email}>`);
        if (sample) {
          out(
            `Sample course: "${sample.course.title}" (/${sample.course.slug}), ${sample.course.sections} sections, ${sample.course.lectures} lectures.`,
          );
          out(`Sample student: ${sample.student.name} <${sample.student.email}>, password: ${sample.student.password}`);
        }
      });
    },
  },

  "user:add": {
    summary: "Add an account (a student, or an admin with --admin).",
    usage: `user:add --email E --password P --name N [--admin]

  --email       the e-mail address to log in with
  --password    the password (at least 6 characters)
  --name        the person's name
  --admin       make the account an administrator (default: student)`,
    options: {
      email: { type: "string" },
      password: { type: "string" },
      name: { type: "string" },
      admin: { type: "boolean" },
    },
    async run(values) {
      const data = validate(registerSchema, { name: values.name, email: values.email, password: values.password });
      const role = values.admin === true ? "admin" : "student";
      await withDatabase(async ({ db }, _applied, config) => {
        const [getSchool, createUser] = await Promise.all([load.getSchool(), load.createUser()]);
        if (!(await getSchool(db)))
          throw new Refused("The school is not set up yet: run `npm run studium -- setup` first.");
        const user = await createUser(db, { ...data, role }, { r: 8, p: 1, N: config.PASSWORD_SCRYPT_N });
        out(`Added ${role === "admin" ? "an admin" : "a student"}: ${user.name} <${user.email}>`);
      });
    },
  },

  "user:password": {
    summary: "Set a new password for an account (when e-mail cannot reach its owner).",
    usage: `user:password --email E --password P

  --email       the account's e-mail address
  --password    the new password (at least 6 characters)

Every session of the account ends and its open reset links stop working, as after a reset by e-mail.`,
    options: {
      email: { type: "string" },
      password: { type: "string" },
    },
    async run(values) {
      const data = validate(setPasswordSchema, { email: values.email, password: values.password });
      await withDatabase(async ({ db }, _applied, config) => {
        const setPassword = await load.setPassword();
        const user = await setPassword(db, data, { r: 8, p: 1, N: config.PASSWORD_SCRYPT_N });
        out(`Set a new password for ${user.name} <${user.email}>; their sessions have ended.`);
      });
    },
  },

  migrate: {
    summary: "Apply the database migrations that have not run yet.",
    usage: "migrate",
    options: {},
    async run() {
      await withDatabase(async (_handle, applied, config) => {
        const where = config.database.kind === "postgres" ? "the PostgreSQL database" : config.database.file;
        out(
          applied.length
            ? `Applied ${applied.length} migration(s) to ${where}: ${applied.join(", ")}.`
            : `The database is up to date (${where}).`,
        );
      });
    },
  },
};

function out(line: string) {
  process.stdout.write(`${line}\n`);
}

function overview(): string {
  const width = Math.max(...Object.keys(commands).map((name) => name.length));
  const list = Object.entries(commands)
    .map(([name, command]) => `  ${name.padEnd(width)}   ${command.summary}`)
    .join("\n");
  return `Usage: npm run studium -- <command> [options]

Commands:
${list}

Run \`npm run studium -- <command> --help\` for a command's options.
The database is the one the server uses: DATA_DIR (default ./data) or DATABASE_URL.`;
}

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === "--help" || name === "-h" || name === "help") {
    if (name) {
      out(overview());
      return 0;
    }
    process.stderr.write(`studium: missing command.\n\n${overview()}\n`);
    return 2;
  }
  const command = Object.hasOwn(commands, name) ? commands[name] : undefined;
  if (!command) {
    process.stderr.write(
      `studium: unknown command "${name}". Commands: ${Object.keys(commands).join(", ")}. Try --help.\n`,
    );
    return 2;
  }
  try {
    let values;
    try {
      ({ values } = parseArgs({
        args: rest,
        options: { ...command.options, ...help },
        strict: true,
        allowPositionals: false,
      }));
    } catch (error) {
      throw new UsageError(parseErrorMessage(error));
    }
    if (values.help) {
      out(`Usage: npm run studium -- ${command.usage}`);
      return 0;
    }
    await command.run(values as Record<string, string | boolean | undefined>);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      for (const line of error.message.split("\n")) process.stderr.write(`studium ${name}: ${line}\n`);
      process.stderr.write(`Try \`npm run studium -- ${name} --help\`.\n`);
      return 2;
    }
    if (error instanceof Refused) {
      process.stderr.write(`studium ${name}: ${error.message}\n`);
      return 1;
    }
    if (isAppError(error)) {
      const lines = error.fields ? describeFields(error.fields) : [t(error.messageKey, error.values)];
      for (const line of lines) process.stderr.write(`studium ${name}: ${line}\n`);
      return 1;
    }
    process.stderr.write(`studium ${name}: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}

/** node:util's messages, shortened to what the user needs. */
function parseErrorMessage(error: unknown): string {
  const e = error as { code?: string; message?: string };
  const message = String(e.message ?? error);
  const option = /'([^']+)'/.exec(message)?.[1];
  switch (e.code) {
    case "ERR_PARSE_ARGS_UNKNOWN_OPTION":
      return `unknown option ${option ?? ""}`.trim() + ".";
    case "ERR_PARSE_ARGS_INVALID_OPTION_VALUE":
      if (!option) return message;
      return /does not take/.test(message) ? `${option} takes no value.` : `${option.split(" ")[0]} needs a value.`;
    case "ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL":
      return `unexpected argument ${option ? `"${option}"` : ""}: options are written --name value.`.replace("  ", " ");
    default:
      return message;
  }
}

process.exitCode = await main(process.argv.slice(2));
