/**
 * Who may use a claim link: anyone holding it may read it (the link is the secret: 24
 * random bytes); any signed-in user may redeem it once, unless the listing already belongs to
 * someone else. "Once" and "not someone else's" are decided atomically with the change of owner
 * (claims.repository's lockClaim and takeOwnership, in ClaimsService.redeem), so two racing
 * redemptions cannot both win.
 */
export const isClaimOpen = (claim: { redeemed_at: Date | string | null }): boolean => claim.redeemed_at === null;
