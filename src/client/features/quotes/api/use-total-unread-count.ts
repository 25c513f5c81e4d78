import { useUserQuotesUnreadCount } from './get-user-quotes-unread-count';
import { useVendorQuotesUnreadCount } from './get-vendor-quotes-unread-count';

/**
 * Every unread message, as customer and as vendor: the sum of the two counts the account menu
 * shows anyway (the same queries, so no third request; GET /api/users/unread-messages-count
 * answers the same total for other clients).
 */
export function useTotalUnreadCount({ enabled = true }: { enabled?: boolean } = {}): number {
  const { data: asCustomer = 0 } = useUserQuotesUnreadCount({ enabled });
  const { data: asVendor = 0 } = useVendorQuotesUnreadCount({ enabled });
  return asCustomer + asVendor;
}
