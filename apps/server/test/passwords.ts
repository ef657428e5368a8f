export const TEST_ADMIN_PASSWORD = 'Admin-pass-123';
export const TEST_DEMO_PASSWORD = 'Demo-pass-123';
