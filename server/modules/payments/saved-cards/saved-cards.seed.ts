// The demo customer's saved sandbox card (docs/product/README.md#demo-shop): a verified Visa ending in
// 4242 that the Maya sandbox recognises by its id, so it pays even after a restart.
import type { Database } from '../../../db/client';
import { sandboxCardTokenId } from '../providers/maya/fake';
import { paymentCustomers, savedCards } from '../saved-cards.tables';

export async function seedSavedCards(db: Database, customerId: number): Promise<void> {
  const mayaCustomerId = `sandbox-customer-${customerId}`;
  await db.insert(paymentCustomers).values({ userId: customerId, provider: 'maya', customerId: mayaCustomerId });
  await db.insert(savedCards).values({
    userId: customerId,
    customerId: mayaCustomerId,
    cardTokenId: sandboxCardTokenId(mayaCustomerId, 'VISA', '4242'),
    brand: 'VISA',
    last4: '4242',
    state: 'VERIFIED',
    isDefault: true,
    verifiedAt: new Date(),
  });
}
