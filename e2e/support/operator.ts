/** The operator's sign-in address: the suite's API is started with it in ADMIN_EMAILS (global-setup). */
export const E2E_OPERATOR_EMAIL = 'e2e-operator@example.com';
