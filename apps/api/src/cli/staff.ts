// Staff (admin) accounts: `npm run staff -- add --email care@example.com --permission
// access:impersonate --permission action:mta-claims [--first-name Ann] [--last-name Lee]`,
// `npm run staff -- list`. Uses the same DATABASE_URL / DATA_DIR as the server.
import { parseArgs } from 'node:util';
import { systemClock } from '../clock';
import { loadConfigOrExit } from '../config';
import { openDatabase } from '../db/client';
import { migrateDatabase } from '../db/migrate';
import { listStaffUsers, upsertStaffUser } from '../modules/identity';

const USAGE = `Usage:
  npm run staff -- add --email <address> [--permission <name>]... [--first-name <name>] [--last-name <name>]
  npm run staff -- list
Permissions: access:impersonate (find customers, read what we hold about them and act for them),
  access:operations (jobs, payment reconciliation, the refunds queue and the server's clock),
  action:mta-claims (edit claims on policies), action:gdpr-erase (erase a customer's personal
  data), access:audit (read the audit trail), access:chat (read and answer customers' web chat),
  action:move-clock (move the server's clock forward at /admin/clock; refused in production),
  action:reinstate (reinstate a policy cancelled for non-payment or by mistake).
A staff member with none of these signs in to a console that opens nothing.`;

async function main(argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      email: { type: 'string' },
      permission: { type: 'string', multiple: true },
      'first-name': { type: 'string' },
      'last-name': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const command = positionals[0];
  if (values.help || (command !== 'add' && command !== 'list')) {
    process.stdout.write(`${USAGE}\n`);
    return values.help ? 0 : 1;
  }
  if (command === 'add' && !values.email?.includes('@')) {
    process.stderr.write(`--email is required\n${USAGE}\n`);
    return 1;
  }
  const config = loadConfigOrExit();
  const database = await openDatabase(config);
  try {
    await migrateDatabase(database);
    if (command === 'add') {
      const user = await upsertStaffUser({
        db: database.db,
        clock: systemClock,
        email: values.email!,
        permissions: values.permission ?? [],
        firstName: values['first-name'] ?? null,
        lastName: values['last-name'] ?? null,
      });
      process.stdout.write(
        `Staff account ${user.email} (user id ${user.userId}) roles: ${user.roles.join(', ')}; ` +
          `permissions: ${user.permissions.join(', ') || 'none'}\n`,
      );
    } else {
      for (const user of await listStaffUsers(database.db)) {
        process.stdout.write(
          `${user.userId}  ${user.email ?? user.username}  ${user.permissions.join(' ')}\n`,
        );
      }
    }
    return 0;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`staff: ${String(error)}\n`);
    process.exit(1);
  },
);
