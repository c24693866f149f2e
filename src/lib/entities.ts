// Every entity the ORM knows. Add each new *.entity.ts export here.
import { Created, Timestamped } from '#src/lib/base.entity';
import { User } from '#src/modules/users/users.entity';
import { ReservationMessage } from '#src/modules/reservations/reservation-messages.entity';
import { SlotReminder } from '#src/modules/reservations/slot-reminders.entity';
import { WaitlistEntry } from '#src/modules/reservations/waitlist.entity';
import { Prefecture, Category, Theme, Occupation } from '#src/modules/reference/reference.entity';
import { Experience, ExperienceOption } from '#src/modules/experiences/experiences.entity';
import { ExperienceDraft } from '#src/modules/experience-drafts/experience-drafts.entity';
import { Image } from '#src/modules/images/images.entity';
import { RecurrenceRule, Calendar } from '#src/modules/calendars/calendars.entity';
import { Refund, Reservation, ReservationCalendar } from '#src/modules/reservations/reservations.entity';
import { Coupon } from '#src/modules/coupons/coupons.entity';
import { Review } from '#src/modules/reviews/reviews.entity';
import { ReviewRequest } from '#src/modules/reviews/review-requests.entity';
import { HoldingRequest } from '#src/modules/holding-requests/holding-requests.entity';
import {
  Community,
  CommunityApplicationQuestion,
  CommunityApplication,
  CommunityApplicationAnswer,
} from '#src/modules/communities/communities.entity';
import { Brand, BrandCommunity } from '#src/modules/brands/brands.entity';
import { Ambassador, AmbassadorMember, AmbassadorCommunity } from '#src/modules/ambassadors/ambassadors.entity';
import { BrandMember } from '#src/modules/brand-members/brand-members.entity';
import { BrandAndAmbassadorInquiry, ContactInquiry } from '#src/modules/inquiries/inquiries.entity';
import { MailOutbox } from '#src/modules/mail/mail.entity';
import { UploadedFile } from '#src/modules/uploads/uploads.entity';
import { TestPaymentIntent, TestRefund } from '#src/modules/payments/payments.entity';
import { StripeEvent } from '#src/modules/payments/stripe-events.entity';
import { AuditLog } from '#src/modules/audit/audit.entity';
import { DataExport } from '#src/modules/data-exports/data-exports.entity';
import { LedgerEntry, Payee, PayoutBatch, PayoutItem } from '#src/modules/earnings/earnings.entity';
import { ExperienceRejection } from '#src/modules/experience-approvals/experience-approvals.entity';
import { Receipt, ReceiptIssuance } from '#src/modules/receipts/receipts.entity';
import { EmailChange } from '#src/modules/email-changes/email-changes.entity';
import { Favorite, FavoriteDateMail, FavoriteNewDate } from '#src/modules/favorites/favorites.entity';

export const entities = [
  Created,
  Timestamped,
  User,
  Prefecture,
  Category,
  Theme,
  ReservationMessage,
  SlotReminder,
  Occupation,
  Experience,
  ExperienceOption,
  ExperienceDraft,
  Image,
  RecurrenceRule,
  Calendar,
  Reservation,
  ReservationCalendar,
  Refund,
  WaitlistEntry,
  Coupon,
  Review,
  ReviewRequest,
  Favorite,
  FavoriteNewDate,
  FavoriteDateMail,
  HoldingRequest,
  Community,
  CommunityApplicationQuestion,
  CommunityApplication,
  CommunityApplicationAnswer,
  Brand,
  BrandCommunity,
  Ambassador,
  AmbassadorMember,
  AmbassadorCommunity,
  BrandMember,
  BrandAndAmbassadorInquiry,
  ContactInquiry,
  MailOutbox,
  UploadedFile,
  TestPaymentIntent,
  TestRefund,
  StripeEvent,
  AuditLog,
  ExperienceRejection,
  Receipt,
  ReceiptIssuance,
  EmailChange,
  Payee,
  PayoutBatch,
  PayoutItem,
  LedgerEntry,
  DataExport,
];
