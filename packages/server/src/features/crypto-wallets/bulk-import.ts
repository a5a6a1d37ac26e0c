// Issue 14 items 3 and 4 (features/import): wallets imported and exported in bulk, in their stored form (EIP-55
// checksum or canonical base58: addresses.ts parseWalletAddress) and verified, as a wallet sign-in leaves them.
import { and, asc, eq, inArray } from 'drizzle-orm';
import { newId } from '../../infra/crypto';
import { cryptoWallets } from '../../infra/db/schema';
import type { BulkExecutor } from '../users/bulk-import';

export interface ImportedCryptoWallet {
  userId: string;
  projectId: string;
  walletType: 'ethereum' | 'solana';
  address: string;
  createdAt: Date;
}

/** `${type}\0${address}` of the wallets among `wallets` held in the project already. */
export async function takenWalletAddresses(
  db: BulkExecutor,
  options: { projectId: string; wallets: Array<{ type: 'ethereum' | 'solana'; address: string }> },
): Promise<Set<string>> {
  if (options.wallets.length === 0) return new Set();
  // The type too, so the lookup is a range of the (project, type, address) unique index.
  const rows = await db
    .select({ walletType: cryptoWallets.walletType, address: cryptoWallets.address })
    .from(cryptoWallets)
    .where(
      and(
        eq(cryptoWallets.projectId, options.projectId),
        inArray(cryptoWallets.walletType, [...new Set(options.wallets.map((wallet) => wallet.type))]),
        inArray(
          cryptoWallets.address,
          options.wallets.map((wallet) => wallet.address),
        ),
      ),
    );
  return new Set(rows.map((row) => `${row.walletType}\0${row.address}`));
}

export async function insertImportedCryptoWallets(
  db: BulkExecutor,
  options: { tokenMode: 'test' | 'live'; rows: ImportedCryptoWallet[] },
): Promise<void> {
  if (options.rows.length === 0) return;
  await db
    .insert(cryptoWallets)
    .values(
      options.rows.map((row) => ({ id: newId('crypto-wallet', options.tokenMode), ...row, verified: true })),
    );
}

/** The verified wallets of these users, oldest first. */
export async function cryptoWalletsForExport(
  db: BulkExecutor,
  userIds: string[],
): Promise<Map<string, Array<{ crypto_wallet_address: string; crypto_wallet_type: 'ethereum' | 'solana' }>>> {
  const found = new Map<
    string,
    Array<{ crypto_wallet_address: string; crypto_wallet_type: 'ethereum' | 'solana' }>
  >();
  if (userIds.length === 0) return found;
  const rows = await db
    .select({ userId: cryptoWallets.userId, address: cryptoWallets.address, type: cryptoWallets.walletType })
    .from(cryptoWallets)
    .where(and(inArray(cryptoWallets.userId, userIds), eq(cryptoWallets.verified, true)))
    .orderBy(asc(cryptoWallets.createdAt), asc(cryptoWallets.id));
  for (const row of rows) {
    const list = found.get(row.userId) ?? [];
    list.push({
      crypto_wallet_address: row.address,
      crypto_wallet_type: row.type === 'solana' ? 'solana' : 'ethereum',
    });
    found.set(row.userId, list);
  }
  return found;
}
