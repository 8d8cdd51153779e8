/** The class page's entry: the join form, the teacher's and the student's views. */
import '../offline';
import './class-page';
