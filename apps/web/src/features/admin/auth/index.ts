export { StaffLoginPage } from './staff-login-page';
export { StaffSecurityPage } from './staff-security-page';
export { StaffSetupPage } from './staff-setup-page';
