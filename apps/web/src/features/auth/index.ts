// Styles of the Mantine components this lazy chunk adds (see app/providers.tsx).
import '@mantine/core/styles/Paper.layer.css';
import '@mantine/core/styles/Input.layer.css';
import '@mantine/core/styles/Combobox.layer.css';
import '@mantine/core/styles/Anchor.layer.css';
import '@mantine/core/styles/Badge.layer.css';
import '@mantine/core/styles/Divider.layer.css';
import '@mantine/core/styles/PasswordInput.layer.css';
import '@mantine/core/styles/Tabs.layer.css';
import '@mantine/core/styles/List.layer.css';
// Public surface of the accounts feature: its pages load together, in one lazy chunk with the `auth` strings.
export { EmailConfirmationPage } from './pages/email-confirmation-page';
export { ForgotPasswordPage } from './pages/forgot-password-page';
export { LoginPage } from './pages/login-page';
export { LogoutSuccessPage } from './pages/logout-success-page';
export { PasswordResetPage } from './pages/password-reset-page';
export { ProfilePage } from './pages/profile-page';
export { SignupPage } from './pages/signup-page';
