/**
 * Who may act on a payment intent (confirm it, pay it with the test provider): only the user who
 * created it. An unknown intent is 404, someone else's 403 (PaymentsService.paymentOf); the intent
 * id arrives in the body, so this is decided in the service, after the access level.
 */
export const isPayer = (actor: { id: number }, payment: { userId: number }): boolean => payment.userId === actor.id;
