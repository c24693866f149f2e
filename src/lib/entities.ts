// Every entity the ORM knows. Add each new *.entity.ts export here.
import { User } from '../modules/users/users.entity';
import { Prefecture, Category, Theme, Occupation } from '../modules/reference/reference.entity';
import { Experience, ExperienceOption } from '../modules/experiences/experiences.entity';
import { ExperienceDraft } from '../modules/experience-drafts/experience-drafts.entity';
import { Image } from '../modules/images/images.entity';
import { RecurrenceRule, Calendar } from '../modules/calendars/calendars.entity';
import { Reservation, ReservationCalendar } from '../modules/reservations/reservations.entity';
import { Coupon } from '../modules/coupons/coupons.entity';
import { Review } from '../modules/reviews/reviews.entity';
import { HoldingRequest } from '../modules/holding-requests/holding-requests.entity';
import {
  Community,
  CommunityApplicationQuestion,
  CommunityApplication,
  CommunityApplicationAnswer,
} from '../modules/communities/communities.entity';
import { Brand, BrandCommunity } from '../modules/brands/brands.entity';
import { Ambassador, AmbassadorMember, AmbassadorCommunity } from '../modules/ambassadors/ambassadors.entity';
import { BrandMember } from '../modules/brand-members/brand-members.entity';
import { BrandAndAmbassadorInquiry, ContactInquiry } from '../modules/inquiries/inquiries.entity';
import { MailOutbox } from '../modules/mail/mail.entity';
import { UploadedFile } from '../modules/uploads/uploads.entity';
import { TestPaymentIntent } from '../modules/payments/payments.entity';

export const entities = [
  User,
  Prefecture,
  Category,
  Theme,
  Occupation,
  Experience,
  ExperienceOption,
  ExperienceDraft,
  Image,
  RecurrenceRule,
  Calendar,
  Reservation,
  ReservationCalendar,
  Coupon,
  Review,
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
];
