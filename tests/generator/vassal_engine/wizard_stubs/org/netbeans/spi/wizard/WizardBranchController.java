package org.netbeans.spi.wizard;
public abstract class WizardBranchController {}
