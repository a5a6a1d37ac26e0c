// The "methods" a passcode goes to: a user's phone number (sms, whatsapp; method_id = phone_id) or e-mail address
// (email; method_id = email_id). SPEC §1: every call is login-or-create, so an unknown destination becomes a new
// user; the creation is atomic and race-safe (security-tests.md LD-02: many parallel first sign-ins for one new
// number create exactly one user) through the unique (project_id, phone_number) index.
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../infra/context';
import { newId } from '../../infra/crypto';
import { userEmails, userPhoneNumbers, users } from '../../infra/db/schema';
import { ApiError } from '../../infra/errors';
import { findOrCreateUserByEmail } from '../users';

export type OtpChannel = 'sms' | 'whatsapp' | 'email';

export interface OtpMethod {
  userId: string;
  /** phone_id or email_id. */
  methodId: string;
  created: boolean;
}

interface Lookup {
  channel: OtpChannel;
  projectId: string;
  /** E.164 number or normalised e-mail address. */
  destination: string;
}

export async function findMethod(ctx: AppContext, options: Lookup): Promise<OtpMethod | null> {
  if (options.channel === 'email') {
    const [row] = await ctx.db
      .select({ userId: userEmails.userId, methodId: userEmails.id })
      .from(userEmails)
      .where(and(eq(userEmails.projectId, options.projectId), eq(userEmails.email, options.destination)))
      .limit(1);
    return row ? { ...row, created: false } : null;
  }
  const [row] = await ctx.db
    .select({ userId: userPhoneNumbers.userId, methodId: userPhoneNumbers.id })
    .from(userPhoneNumbers)
    .where(
      and(
        eq(userPhoneNumbers.projectId, options.projectId),
        eq(userPhoneNumbers.phoneNumber, options.destination),
      ),
    )
    .limit(1);
  return row ? { ...row, created: false } : null;
}

// Thrown inside the transaction to roll back our user row when a concurrent call created the number first.
class LostCreateRace extends Error {}

/** login_or_create: the existing owner of the destination, or a new active user holding it (unverified). */
export async function findOrCreateMethod(
  ctx: AppContext,
  options: Lookup & { tokenMode: 'test' | 'live' },
): Promise<OtpMethod> {
  if (options.channel === 'email') {
    const found = await findOrCreateUserByEmail(ctx, {
      project: { id: options.projectId },
      tokenMode: options.tokenMode,
      email: options.destination,
      status: 'active',
    });
    return { userId: found.userId, methodId: found.emailId, created: found.created };
  }
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const existing = await findMethod(ctx, options);
    if (existing) return existing;
    try {
      return await ctx.db.transaction(async (tx) => {
        const userId = newId('user', options.tokenMode);
        const phoneId = newId('phone-number', options.tokenMode);
        const now = ctx.clock.now();
        await tx
          .insert(users)
          .values({ id: userId, projectId: options.projectId, status: 'active', createdAt: now });
        const inserted = await tx
          .insert(userPhoneNumbers)
          .values({
            id: phoneId,
            userId,
            projectId: options.projectId,
            phoneNumber: options.destination,
            createdAt: now,
          })
          .onConflictDoNothing({ target: [userPhoneNumbers.projectId, userPhoneNumbers.phoneNumber] })
          .returning({ id: userPhoneNumbers.id });
        if (inserted.length === 0) throw new LostCreateRace();
        return { userId, methodId: phoneId, created: true };
      });
    } catch (error) {
      if (!(error instanceof LostCreateRace)) throw error;
    }
  }
  const winner = await findMethod(ctx, options);
  if (!winner) throw new Error('findOrCreateMethod: the phone number vanished during concurrent creation');
  return winner;
}

export function duplicateDestination(channel: OtpChannel): ApiError {
  return channel === 'email'
    ? new ApiError('duplicate_email', 'This email address already belongs to another user of this project.')
    : new ApiError(
        'duplicate_phone_number',
        'This phone number already belongs to another user of this project.',
      );
}

/** send/secondary: the destination joins the signed-in user's account (unverified until a code is used). */
export async function attachMethod(
  ctx: AppContext,
  options: Lookup & { tokenMode: 'test' | 'live'; userId: string },
): Promise<OtpMethod> {
  const existing = await findMethod(ctx, options);
  if (existing === null) {
    const now = ctx.clock.now();
    if (options.channel === 'email') {
      await ctx.db
        .insert(userEmails)
        .values({
          id: newId('email', options.tokenMode),
          userId: options.userId,
          projectId: options.projectId,
          email: options.destination,
          createdAt: now,
        })
        .onConflictDoNothing();
    } else {
      await ctx.db
        .insert(userPhoneNumbers)
        .values({
          id: newId('phone-number', options.tokenMode),
          userId: options.userId,
          projectId: options.projectId,
          phoneNumber: options.destination,
          createdAt: now,
        })
        .onConflictDoNothing();
    }
  }
  // Re-read: a concurrent request may have inserted the same destination first (unique per project).
  const method = existing ?? (await findMethod(ctx, options));
  if (method === null || method.userId !== options.userId) throw duplicateDestination(options.channel);
  return { ...method, created: existing === null };
}

export async function markMethodVerified(
  ctx: AppContext,
  options: { channel: OtpChannel; methodId: string },
): Promise<void> {
  if (options.channel === 'email') {
    await ctx.db.update(userEmails).set({ verified: true }).where(eq(userEmails.id, options.methodId));
  } else {
    await ctx.db
      .update(userPhoneNumbers)
      .set({ verified: true })
      .where(eq(userPhoneNumbers.id, options.methodId));
  }
}
