export type Lang = 'vi' | 'en'

const vi = {
  loginTitle: 'Đăng nhập Loa',
  signupTitle: 'Tạo tài khoản Loa',
  email: 'Email',
  password: 'Mật khẩu',
  name: 'Họ và tên',
  loginButton: 'Đăng nhập',
  signupButton: 'Đăng ký',
  consentBefore: 'Khi đăng ký, bạn đồng ý với ',
  terms: 'Điều khoản sử dụng',
  consentAnd: ' và ',
  privacy: 'Chính sách quyền riêng tư',
  consentAfter: ' của Loa.',
  noAccount: 'Chưa có tài khoản?',
  haveAccount: 'Đã có tài khoản?',
  toSignup: 'Đăng ký ngay',
  toLogin: 'Đăng nhập',
  forgot: 'Quên mật khẩu?',
  or: 'hoặc',
  continueWith: 'Tiếp tục với',
  invalidCredentials: 'Email hoặc mật khẩu không đúng.',
  csrf: 'Phiên biểu mẫu đã hết hạn. Vui lòng thử lại.',
  invalidEmail: 'Địa chỉ email không hợp lệ.',
  nameRequired: 'Vui lòng nhập họ và tên (tối đa 100 ký tự).',
  passwordTooShort: 'Mật khẩu cần ít nhất 8 ký tự.',
  passwordTooLong: 'Mật khẩu quá dài (tối đa 1024 byte).',
  tooMany: 'Bạn đã thử quá nhiều lần. Vui lòng đợi một lát rồi thử lại.',
  errorTitle: 'Không thể tiếp tục',
  unknownClient: 'Ứng dụng yêu cầu đăng nhập không được đăng ký.',
  badRedirect: 'Địa chỉ chuyển hướng không khớp với địa chỉ đã đăng ký của ứng dụng.',
  badRequest: 'Yêu cầu không hợp lệ.',
  providerNotConfigured: 'Hình thức đăng nhập này chưa được cấu hình. Vui lòng chọn cách đăng nhập khác.',
  errorCode: 'Mã lỗi',
  forgotTitle: 'Quên mật khẩu',
  forgotIntro: 'Nhập email của bạn, chúng tôi sẽ gửi liên kết đặt lại mật khẩu.',
  forgotButton: 'Gửi liên kết',
  forgotSent:
    'Nếu địa chỉ email này có trong hệ thống, chúng tôi sẽ gửi cho bạn một email hướng dẫn đặt lại mật khẩu.',
  resetTitle: 'Đặt mật khẩu mới',
  newPassword: 'Mật khẩu mới',
  resetButton: 'Lưu mật khẩu',
  resetDone: 'Mật khẩu đã được đổi. Mọi phiên đăng nhập cũ đã bị đăng xuất.',
  linkInvalid: 'Liên kết không hợp lệ hoặc đã hết hạn.',
  verifyDone: 'Email của bạn đã được xác minh. Cảm ơn bạn!',
  profileTitle: 'Tài khoản của tôi',
  profileSignIn: 'Đăng nhập để quản lý tài khoản',
  unverified: 'Email của bạn chưa được xác minh. Hãy kiểm tra hộp thư để xác minh.',
  resendVerify: 'Gửi lại email xác minh',
  verifySent: 'Đã gửi email xác minh.',
  avatar: 'Ảnh đại diện (URL https)',
  save: 'Lưu',
  saved: 'Đã lưu.',
  changePassword: 'Đổi mật khẩu',
  currentPassword: 'Mật khẩu hiện tại',
  passwordChanged: 'Đã đổi mật khẩu. Các phiên đăng nhập khác đã bị đăng xuất.',
  wrongPassword: 'Mật khẩu hiện tại không đúng.',
  sessions: 'Phiên đăng nhập đang hoạt động',
  thisSession: 'Phiên này',
  revoke: 'Đăng xuất phiên',
  lastSeen: 'Hoạt động gần nhất',
  deleteAccount: 'Yêu cầu xóa tài khoản',
  deleteIntro: 'Chúng tôi sẽ xử lý yêu cầu và liên hệ với bạn qua email.',
  deleteRequested: 'Đã ghi nhận yêu cầu xóa tài khoản.',
  backToApp: 'Quay lại ứng dụng',
  invalidAvatar: 'Ảnh đại diện phải là một địa chỉ https.',
  signInMethods: 'Phương thức đăng nhập',
  signInMethodsIntro: 'Liên kết tài khoản Google, Facebook hoặc Zalo để đăng nhập Loa bằng tài khoản đó.',
  passwordSet: 'Đã đặt mật khẩu',
  passwordNotSet: 'Chưa đặt mật khẩu — bạn có thể đặt ở mục Đổi mật khẩu.',
  linkedStatus: 'Đã liên kết',
  notLinkedStatus: 'Chưa liên kết',
  linkProvider: 'Liên kết {provider}',
  unlinkProvider: 'Huỷ liên kết {provider}',
  linked: 'Đã liên kết tài khoản.',
  unlinked: 'Đã huỷ liên kết tài khoản.',
  linkErrors: {
    IDENTITY_LINKED_TO_ANOTHER_ACCOUNT:
      'Tài khoản này đã dùng để đăng nhập một tài khoản Loa khác. Hãy đăng nhập bằng nó và huỷ liên kết ở đó trước.',
    PROVIDER_ALREADY_LINKED:
      'Bạn đã liên kết một tài khoản khác của nhà cung cấp này. Hãy huỷ liên kết nó trước.',
    LAST_SIGN_IN_METHOD:
      'Không thể huỷ liên kết: đây là cách đăng nhập duy nhất của bạn. Hãy đặt mật khẩu hoặc liên kết tài khoản khác trước.',
    LINK_CANCELLED: 'Việc liên kết đã bị huỷ hoặc bị từ chối.',
    LINK_FAILED: 'Không liên kết được tài khoản. Vui lòng thử lại.',
    LINK_SESSION_CHANGED: 'Phiên đăng nhập đã thay đổi trong lúc liên kết. Vui lòng thử lại.',
  },
  logoutTitle: 'Đăng xuất',
  logoutConfirm: 'Bạn có muốn đăng xuất khỏi Loa?',
  logoutButton: 'Đăng xuất',
  loggedOut: 'Bạn đã đăng xuất.',
  signupReminder: 'Chúng tôi đã gửi liên kết xác minh đến email của bạn.',
  mailVerifySubject: 'Xác minh email Loa của bạn',
  mailVerifyBody: 'Chào {name},\n\nHãy mở liên kết sau để xác minh email của bạn:\n{link}\n\nLoa',
  mailResetSubject: 'Đặt lại mật khẩu Loa',
  mailResetBody:
    'Hãy mở liên kết sau để đặt lại mật khẩu (hiệu lực 1 giờ):\n{link}\n\nNếu bạn không yêu cầu, hãy bỏ qua email này.\n\nLoa',
}

export type Messages = typeof vi

const en: Messages = {
  loginTitle: 'Sign in to Loa',
  signupTitle: 'Create your Loa account',
  email: 'Email',
  password: 'Password',
  name: 'Full name',
  loginButton: 'Sign in',
  signupButton: 'Sign up',
  consentBefore: 'By signing up you agree to Loa’s ',
  terms: 'Terms of use',
  consentAnd: ' and ',
  privacy: 'Privacy policy',
  consentAfter: '.',
  noAccount: 'No account yet?',
  haveAccount: 'Already have an account?',
  toSignup: 'Sign up',
  toLogin: 'Sign in',
  forgot: 'Forgot your password?',
  or: 'or',
  continueWith: 'Continue with',
  invalidCredentials: 'Invalid username or password.',
  csrf: 'The form has expired. Please try again.',
  invalidEmail: 'The email address is not valid.',
  nameRequired: 'Please enter your name (up to 100 characters).',
  passwordTooShort: 'The password needs at least 8 characters.',
  passwordTooLong: 'The password is too long (at most 1024 bytes).',
  tooMany: 'Too many attempts. Please wait a moment and try again.',
  errorTitle: 'We cannot continue',
  unknownClient: 'The application asking you to sign in is not registered.',
  badRedirect: "The redirect address does not match the application's registered addresses.",
  badRequest: 'The request is not valid.',
  providerNotConfigured: 'This way of signing in is not configured. Please choose another way to sign in.',
  errorCode: 'Error code',
  forgotTitle: 'Forgot password',
  forgotIntro: 'Enter your email and we will send you a link to reset your password.',
  forgotButton: 'Send link',
  forgotSent: 'If that email address is in our database, we will send you an email to reset your password.',
  resetTitle: 'Choose a new password',
  newPassword: 'New password',
  resetButton: 'Save password',
  resetDone: 'Your password has been changed. All previous sessions have been signed out.',
  linkInvalid: 'The link is invalid or has expired.',
  verifyDone: 'Your email address is verified. Thank you!',
  profileTitle: 'My account',
  profileSignIn: 'Sign in to manage your account',
  unverified: 'Your email address is not verified yet. Please check your inbox.',
  resendVerify: 'Resend verification email',
  verifySent: 'Verification email sent.',
  avatar: 'Avatar (https URL)',
  save: 'Save',
  saved: 'Saved.',
  changePassword: 'Change password',
  currentPassword: 'Current password',
  passwordChanged: 'Password changed. Your other sessions have been signed out.',
  wrongPassword: 'The current password is wrong.',
  sessions: 'Active sessions',
  thisSession: 'This session',
  revoke: 'Sign out session',
  lastSeen: 'Last active',
  deleteAccount: 'Request account deletion',
  deleteIntro: 'We will process the request and contact you by email.',
  deleteRequested: 'Your account deletion request has been recorded.',
  backToApp: 'Back to the app',
  invalidAvatar: 'The avatar must be an https address.',
  signInMethods: 'Sign-in methods',
  signInMethodsIntro: 'Link your Google, Facebook or Zalo account to sign in to Loa with it.',
  passwordSet: 'Password set',
  passwordNotSet: 'No password yet — you can set one under Change password.',
  linkedStatus: 'Linked',
  notLinkedStatus: 'Not linked',
  linkProvider: 'Link {provider}',
  unlinkProvider: 'Unlink {provider}',
  linked: 'Account linked.',
  unlinked: 'Account unlinked.',
  linkErrors: {
    IDENTITY_LINKED_TO_ANOTHER_ACCOUNT:
      'That account already signs in to another Loa account. Sign in with it and unlink it there first.',
    PROVIDER_ALREADY_LINKED: 'Another account of this provider is already linked. Unlink it first.',
    LAST_SIGN_IN_METHOD:
      'You cannot unlink it: it is your only way to sign in. Set a password or link another account first.',
    LINK_CANCELLED: 'Linking was cancelled or refused.',
    LINK_FAILED: 'The account could not be linked. Please try again.',
    LINK_SESSION_CHANGED: 'Your session changed while linking. Please try again.',
  },
  logoutTitle: 'Sign out',
  logoutConfirm: 'Do you want to sign out of Loa?',
  logoutButton: 'Sign out',
  loggedOut: 'You have been signed out.',
  signupReminder: 'We have sent a verification link to your email.',
  mailVerifySubject: 'Verify your Loa email',
  mailVerifyBody: 'Hello {name},\n\nOpen this link to verify your email address:\n{link}\n\nLoa',
  mailResetSubject: 'Reset your Loa password',
  mailResetBody:
    'Open this link to reset your password (valid for 1 hour):\n{link}\n\nIf you did not ask for it, ignore this email.\n\nLoa',
}

export const MESSAGES: Record<Lang, Messages> = { vi, en }

export const t = (lang: Lang): Messages => MESSAGES[lang]

export const fill = (template: string, values: Record<string, string>): string =>
  template.replace(/\{(\w+)\}/g, (_, k: string) => values[k] ?? '')

/** `lang`/`ui_locales`/`kc_locale` parameter, else a redirect URI under `/en`, else Accept-Language; default vi. */
export const pickLang = (
  params: Record<string, unknown>,
  acceptLanguage?: string,
  redirectUri?: string,
): Lang => {
  for (const key of ['lang', 'ui_locales', 'kc_locale']) {
    const v = params[key]
    if (typeof v === 'string') {
      const first = v.split(/[\s,]/)[0]?.toLowerCase() ?? ''
      if (first.startsWith('en')) return 'en'
      if (first.startsWith('vi')) return 'vi'
    }
  }
  if (redirectUri) {
    try {
      const p = new URL(redirectUri).pathname
      if (p === '/en' || p.startsWith('/en/')) return 'en'
      return 'vi'
    } catch {
      /* fall through */
    }
  }
  if (acceptLanguage && /^\s*en\b/i.test(acceptLanguage)) return 'en'
  return 'vi'
}
