package org.netbeans.spi.wizard;
public class WizardException extends Exception {}
